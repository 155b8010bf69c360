// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exportUserTools, newUserToolSpec } from '../engine/user-tools';
import { clearStorage, createTestPlayground, testStorage } from './test-playground';
import { studioNoticeEnglish } from '../engine/user-tools';

const noticeText = (notice: Parameters<typeof studioNoticeEnglish>[0] | null) =>
  notice ? studioNoticeEnglish(notice) : undefined;

beforeEach(clearStorage);
afterEach(clearStorage);

async function studio() {
  const { playground } = createTestPlayground();
  await playground.userTools.init();
  const state = () => playground.store.getState().userTools;
  const catalog = () => playground.store.getState().catalog.all;
  return { actions: playground.userTools, state, catalog, playground };
}

describe('the studio slice', () => {
  it('opens a new tool as a draft: nothing is stored or exposed until it is saved, and Close drops it', async () => {
    const { actions, state, catalog } = await studio();
    actions.newTool();
    const draft = state().draft!;
    expect(draft.name).toBe('my_tool');
    expect(state().editingId).toBe(draft.id);
    expect(state().specs).toEqual([]);
    expect((await testStorage.loadUserTools()).tools).toEqual([]);
    expect(catalog().some((t) => t.name === 'my_tool')).toBe(false);
    actions.open(null);
    expect(state().draft).toBeNull();

    actions.newTool();
    expect(await actions.save(state().draft!)).toBe(true);
    expect(state().draft).toBeNull();
    expect((await testStorage.loadUserTools()).tools.map((t) => t.name)).toEqual(['my_tool']);
    expect(catalog().find((t) => t.name === 'my_tool')).toMatchObject({ source: 'user' });
  });

  it('refuses to save a name another tool has, and an invalid schema', async () => {
    const { actions, state } = await studio();
    const spec = newUserToolSpec('x', 'calculate', 0);
    expect(await actions.save(spec)).toBe(false);
    expect(noticeText(state().notice)).toContain('A preset tool is already named "calculate"');
    expect(
      await actions.save({
        ...spec,
        name: 'ok_name',
        parameters: null,
        jsonSchema: { type: 'object', required: 'a' },
      }),
    ).toBe(false);
    expect(noticeText(state().notice)).toContain('required must be an array');
    expect(await actions.save({ ...spec, name: 'ok_name' })).toBe(true);
    expect(await actions.save({ ...newUserToolSpec('y', 'ok_name', 0) })).toBe(false);
    expect(noticeText(state().notice)).toContain('A user tool is already named "ok_name"');
  });

  it('copies a preset under a free name, as a draft', async () => {
    const { actions, state } = await studio();
    actions.copyPreset('discount');
    expect(state().draft).toMatchObject({ name: 'discount_copy', kind: 'code' });
    expect(state().specs).toEqual([]);
  });

  it('imports MCP tools and export files, skipping clashes with a reason', async () => {
    const { actions, state, catalog } = await studio();
    const mcp = await actions.importMcp(
      JSON.stringify({ tools: [{ name: 'remote', inputSchema: { type: 'object' } }] }),
    );
    expect(mcp).toEqual({ imported: 1, problems: [] });
    expect(catalog().find((t) => t.name === 'remote')).toMatchObject({ source: 'mcp', needsApproval: true });
    await actions.importFile(
      exportUserTools([newUserToolSpec('a', 'fresh', 0), newUserToolSpec('b', 'remote', 0)], 0),
      { trusted: true }, // the trust prompt is tested in ui/tool-studio/tools-file-trust.test.tsx
    );
    expect(
      state()
        .specs.map((s) => s.name)
        .sort(),
    ).toEqual(['fresh', 'remote']);
    expect(state().problems).toEqual([expect.stringContaining('remote: A user tool is already named "remote"')]);
    await actions.importFile('{"not": "ours"}');
    expect(state().notice?.kind).toBe('error');
    expect(noticeText(state().notice)).toContain('not a Tool Loop Playground tools file');
  });
});
