import { describe, expect, it } from 'vitest';
import type { ExecutionReport, ToolContext } from '../tool';
import { executeToolCall } from '../loop/tool-execution';
import { createToolRegistry } from '../tool-registry';
import { createFakeClock } from '../test-support';
import { checkAccess, DEFAULT_POLICY, truncate } from './policy';
import { ExecutionService, toModelResult } from './execution-service';
import { normalizePath, SEED_FILES, VirtualFs } from './virtual-fs';
import { createWorkspaceTools } from './workspace-tools';

const READ_ONLY = { allowWrite: false };
const WRITABLE = { allowWrite: true };

function recorder() {
  const reports: ExecutionReport[] = [];
  return { reports, report: (r: ExecutionReport) => reports.push(r) };
}

describe('normalizePath', () => {
  it('resolves dots, repeated and back slashes, and a leading slash against the workspace root', () => {
    expect(normalizePath('notes/todo.md')).toEqual({ ok: true, value: 'notes/todo.md' });
    expect(normalizePath('./notes//../notes/todo.md')).toEqual({ ok: true, value: 'notes/todo.md' });
    expect(normalizePath('/src\\prices.ts')).toEqual({ ok: true, value: 'src/prices.ts' });
    expect(normalizePath('.')).toEqual({ ok: true, value: '' });
  });

  it('refuses a path that leaves the workspace, and an empty one', () => {
    expect(normalizePath('../etc/passwd')).toEqual({ ok: false, error: { kind: 'outside', path: '../etc/passwd' } });
    expect(normalizePath('notes/../../x')).toMatchObject({ ok: false, error: { kind: 'outside' } });
    expect(normalizePath('  ')).toEqual({ ok: false, error: { kind: 'empty' } });
  });
});

describe('the policy', () => {
  it('refuses a write without the grant, before looking at the path', () => {
    expect(checkAccess('write', '../x', READ_ONLY)).toEqual({
      ok: false,
      error: { rule: 'allow-write', text: 'tool requires allowWrite=true: write' },
    });
    expect(checkAccess('write', 'notes/new.md', WRITABLE)).toEqual({ ok: true, value: 'notes/new.md' });
  });

  it('blocks secret files however the path is written, and paths outside the workspace', () => {
    for (const path of ['secrets/.env', './secrets/.env', 'notes/../secrets/.env', 'secrets', 'config/.env.local']) {
      expect(checkAccess('read', path, WRITABLE), path).toMatchObject({ ok: false, error: { rule: 'secret' } });
    }
    expect(checkAccess('read', '../../etc/passwd', WRITABLE)).toMatchObject({
      ok: false,
      error: { rule: 'outside-workspace', text: 'path escapes the workspace: ../../etc/passwd' },
    });
    expect(checkAccess('list', '', READ_ONLY)).toEqual({ ok: true, value: '' });
  });

  it('truncates output over the limit and says how much was left out', () => {
    expect(truncate('abc', 3)).toEqual({ text: 'abc', truncated: false, originalLength: 3 });
    const cut = truncate('abcdef', 4);
    expect(cut.truncated).toBe(true);
    expect(cut.text).toBe('abcd\n…[truncated: 2 more characters; the output limit is 4]');
  });
});

describe('the execution service', () => {
  it('reports started then denied, and the model receives the denial as JSON', () => {
    const service = new ExecutionService();
    const { reports, report } = recorder();
    const result = service.run(
      { operation: 'write', tool: 'write_file', path: 'notes/todo.md', content: 'x' },
      {
        grants: READ_ONLY,
        report,
      },
    );
    expect(reports.map((r) => r.kind)).toEqual(['started', 'denied']);
    expect(toModelResult(result)).toEqual({
      text: '{"text":"tool requires allowWrite=true: write","error":true,"metadata":{"policyDenied":true}}',
      isError: true,
      metadata: { service: result },
    });
    // Nothing was written.
    expect(service.fs.read('notes/todo.md')).toBe(SEED_FILES.find((f) => f.path === 'notes/todo.md')!.content);
  });

  it('reports finished for a read and a granted write, failed for a missing file', () => {
    const service = new ExecutionService();
    const { reports, report } = recorder();
    expect(service.run({ operation: 'read', tool: 'read_file', path: 'README.md' }, { report }).error).toBe(false);
    const write = service.run(
      { operation: 'write', tool: 'write_file', path: 'notes/done.md', content: 'done' },
      { grants: WRITABLE, report },
    );
    expect(write).toEqual({
      text: 'created notes/done.md (4 characters)',
      error: false,
      metadata: { path: 'notes/done.md', created: true },
    });
    expect(service.fs.read('notes/done.md')).toBe('done');
    const missing = service.run({ operation: 'read', tool: 'read_file', path: 'nope.md' }, { report });
    expect(missing).toEqual({ text: 'file not found: nope.md', error: true, metadata: {} });
    expect(reports.map((r) => r.kind)).toEqual(['started', 'finished', 'started', 'finished', 'started', 'failed']);
  });

  it('truncates a long file to the output limit and marks it', () => {
    const service = new ExecutionService();
    const log = SEED_FILES.find((f) => f.path === 'logs/build.log')!.content;
    expect(log.length).toBeGreaterThan(DEFAULT_POLICY.outputLimit);
    const result = service.run({ operation: 'read', tool: 'read_file', path: 'logs/build.log' }, {});
    expect(result.text.startsWith(log.slice(0, DEFAULT_POLICY.outputLimit))).toBe(true);
    expect(result.text).toContain(`[truncated: ${log.length - DEFAULT_POLICY.outputLimit} more characters`);
    expect(result.metadata).toMatchObject({ truncated: true, originalLength: log.length });
  });

  it('lists the files with their sizes; a listing shows the secret file’s name, reading it is denied', () => {
    const service = new ExecutionService();
    const listing = service.run({ operation: 'list', tool: 'list_files', path: '' }, {});
    expect(listing.text.split('\n')).toEqual(
      [...SEED_FILES]
        .sort((a, b) => a.path.localeCompare(b.path))
        .map((f) => `${f.path} (${f.content.length} characters)`),
    );
    expect(service.run({ operation: 'list', tool: 'list_files', path: 'nope' }, {}).text).toBe('not a directory: nope');
  });

  it('writes in one workspace never leak into another', () => {
    const a = new VirtualFs();
    a.write('x.md', 'x');
    expect(new VirtualFs().read('x.md')).toBeUndefined();
  });
});

describe('the workspace tools through the tool manager', () => {
  const clock = createFakeClock();
  const call = { id: 'call_1', name: 'write_file', argumentsText: '{"path":"notes/todo.md","content":"- [x] done"}' };

  it('the same write call is denied without the grant and succeeds with it, reporting each step', async () => {
    const registry = createToolRegistry(createWorkspaceTools());
    const reports: ExecutionReport[] = [];
    const options = {
      registry,
      exceptionMode: 'send-to-model' as const,
      now: clock.now,
      signal: new AbortController().signal,
    };
    const denied = await executeToolCall(call, { kind: 'approve' }, { ...options, onReport: (r) => reports.push(r) });
    expect(denied).toMatchObject({ kind: 'result', disposition: 'tool-error', executed: true });
    expect(denied.kind === 'result' && JSON.parse(denied.result.text)).toEqual({
      text: 'tool requires allowWrite=true: write',
      error: true,
      metadata: { policyDenied: true },
    });
    const allowed = await executeToolCall(
      call,
      { kind: 'approve' },
      {
        ...options,
        grants: { allowWrite: true },
        onReport: (r) => reports.push(r),
      },
    );
    expect(allowed.kind === 'result' && JSON.parse(allowed.result.text)).toEqual({
      text: 'replaced notes/todo.md (10 characters)',
      error: false,
      metadata: { path: 'notes/todo.md', created: false },
    });
    expect(reports.map((r) => r.kind)).toEqual(['started', 'denied', 'started', 'finished']);
  });

  it('a tool run outside a run (no context extras) is read-only and silent', async () => {
    const [, read, write] = createWorkspaceTools();
    const ctx: ToolContext = { now: clock.now, signal: new AbortController().signal, callId: 'c' };
    expect(await write!.execute({ path: 'a.md', content: 'a' }, ctx)).toMatchObject({ isError: true });
    expect(await read!.execute({ path: 'README.md' }, ctx)).toMatchObject({ isError: false });
  });
});
