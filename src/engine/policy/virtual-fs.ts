/**
 * The policy lesson's virtual workspace: an in-memory file tree seeded with a few files (one of them a secret),
 * and the one way paths are read: `normalizePath` resolves `.`, `..`, repeated and back slashes against the
 * workspace root, and refuses a path that leaves it (`../etc/passwd`). Nothing here touches a real disk.
 */
import { err, ok, type Result } from '../result';

export interface VirtualFile {
  /** Normalized: relative to the workspace root, `/`-separated, no `.` or `..` segments. */
  readonly path: string;
  readonly content: string;
}

/** Lines of a build log, long enough that reading it passes the policy's output limit. */
function buildLog(): string {
  const steps = ['resolve', 'compile', 'bundle', 'test', 'package'];
  const lines: string[] = [];
  for (let i = 0; i < 48; i += 1) {
    const step = steps[i % steps.length]!;
    const ms = 40 + ((i * 37) % 230);
    lines.push(
      `2026-12-02T10:${String(10 + Math.floor(i / 4)).padStart(2, '0')}:${String((i * 7) % 60).padStart(2, '0')}Z [info] ${step} ${i + 1}/48 done in ${ms} ms`,
    );
  }
  lines.push('2026-12-02T10:22:41Z [error] test 48/48: prices.test.ts expected 28700, received 28699.99');
  return `${lines.join('\n')}\n`;
}

/** The files every fresh workspace starts with. */
export const SEED_FILES: readonly VirtualFile[] = [
  {
    path: 'README.md',
    content:
      '# Shop service\n\nPrices and discounts for the web shop. `src/prices.ts` holds the discount rule; ' +
      '`notes/todo.md` what is left to do. Build output goes to `logs/build.log`.\n',
  },
  {
    path: 'src/prices.ts',
    content:
      'export function discounted(price: number, percent: number): number {\n' +
      '  return Math.round(price * (100 - percent)) / 100;\n}\n',
  },
  { path: 'notes/todo.md', content: '# To do\n\n- [ ] Fix the rounding of discounted prices\n- [ ] Release 1.4\n' },
  { path: 'logs/build.log', content: buildLog() },
  {
    path: 'secrets/.env',
    content: 'PAYMENT_API_KEY=sk_live_51H_do_not_share\nDATABASE_URL=postgres://shop:hunter2@db/shop\n',
  },
];

export type PathProblem = { readonly kind: 'empty' } | { readonly kind: 'outside'; readonly path: string };

/**
 * The path relative to the workspace root, or why it is refused: empty, or leaving the root (a `..` above it).
 * A leading `/` means the workspace root (the tools' paths are always workspace paths); `.` is the root itself.
 */
export function normalizePath(input: string): Result<string, PathProblem> {
  const trimmed = input.trim();
  if (trimmed === '') return err({ kind: 'empty' });
  const segments: string[] = [];
  for (const segment of trimmed.replace(/\\/g, '/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (segments.length === 0) return err({ kind: 'outside', path: trimmed });
      segments.pop();
      continue;
    }
    segments.push(segment);
  }
  return ok(segments.join('/'));
}

/** One workspace's files; writes change only this instance (every run starts from the seed). */
export class VirtualFs {
  private readonly files = new Map<string, string>();

  constructor(seed: readonly VirtualFile[] = SEED_FILES) {
    for (const file of seed) this.files.set(file.path, file.content);
  }

  /** The files under `directory` ('' = the root), sorted, with their sizes in characters. */
  list(directory: string): readonly { readonly path: string; readonly size: number }[] {
    const prefix = directory === '' ? '' : `${directory}/`;
    return [...this.files.entries()]
      .filter(([path]) => path.startsWith(prefix))
      .map(([path, content]) => ({ path, size: content.length }))
      .sort((a, b) => a.path.localeCompare(b.path));
  }

  /** True when `path` is a directory holding at least one file. */
  isDirectory(path: string): boolean {
    return path === '' || [...this.files.keys()].some((p) => p.startsWith(`${path}/`));
  }

  read(path: string): string | undefined {
    return this.files.get(path);
  }

  /** Creates or replaces a file; returns whether it existed. */
  write(path: string, content: string): boolean {
    const existed = this.files.has(path);
    this.files.set(path, content);
    return existed;
  }
}
