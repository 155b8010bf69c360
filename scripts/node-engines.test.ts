import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * The README says which Node the project runs on (package.json `engines.node`); every package the lockfile installs
 * (optional platform binaries aside) must declare that it runs there too, so `npm ci` on the stated Node installs
 * nothing that asks for a newer one.
 */
describe('the Node the project states', () => {
  const project = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
  const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
    packages: Record<string, { engines?: { node?: string }; optional?: boolean }>;
  };
  const stated = semver.minVersion(project.engines.node)!.version;

  it('is the one the README names', () => {
    const readme = readFileSync('README.md', 'utf8');
    expect(readme).toContain(`Node ${semver.major(stated)}.${semver.minor(stated)}+`);
  });

  it('runs every package the lockfile installs', () => {
    const refusing = Object.entries(lock.packages)
      .filter(([path, entry]) => path !== '' && !entry.optional && entry.engines?.node !== undefined)
      .filter(([, entry]) => !semver.satisfies(stated, entry.engines!.node!))
      .map(([path, entry]) => `${path} (node ${entry.engines!.node})`);
    expect(refusing).toEqual([]);
  });
});
