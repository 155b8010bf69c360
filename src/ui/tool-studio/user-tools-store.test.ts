import { beforeEach, describe, expect, it } from 'vitest';
import { exportUserTools, newUserToolSpec } from '../../engine/user-tools';
import { closeUserToolsDb, loadUserTools, USER_TOOLS_DB_NAME } from '../../persistence/user-tools-db';
import { workspaceTools } from '../../store/tool-catalog';
import { studioActions, useStudioStore } from './user-tools-store';

beforeEach(async () => {
  await closeUserToolsDb();
  indexedDB.deleteDatabase(USER_TOOLS_DB_NAME);
  useStudioStore.setState({ specs: [], loaded: false, problems: [], notice: null, editingId: null });
  await studioActions.init();
});

const state = () => useStudioStore.getState();

describe('the studio store', () => {
  it('creates a tool, persists it and adds it to the workspace catalog', async () => {
    studioActions.newTool();
    await expect.poll(() => state().editingId).not.toBeNull();
    const spec = state().specs[0]!;
    expect(spec.name).toBe('my_tool');
    expect((await loadUserTools()).tools.map((t) => t.id)).toEqual([spec.id]);
    const tool = workspaceTools().find((t) => t.name === 'my_tool');
    expect(tool).toMatchObject({ source: 'user' });
  });

  it('refuses to save a name another tool has, and an invalid schema', async () => {
    const spec = newUserToolSpec('x', 'calculate', 0);
    expect(await studioActions.save(spec)).toBe(false);
    expect(state().notice?.text).toContain('A preset tool is already named "calculate"');
    expect(
      await studioActions.save({
        ...spec,
        name: 'ok_name',
        parameters: null,
        jsonSchema: { type: 'object', required: 'a' },
      }),
    ).toBe(false);
    expect(state().notice?.text).toContain('required must be an array');
    expect(await studioActions.save({ ...spec, name: 'ok_name' })).toBe(true);
    expect(await studioActions.save({ ...newUserToolSpec('y', 'ok_name', 0) })).toBe(false);
    expect(state().notice?.text).toContain('A user tool is already named "ok_name"');
  });

  it('copies a preset under a free name', async () => {
    studioActions.copyPreset('discount');
    await expect.poll(() => state().specs.length).toBe(1);
    expect(state().specs[0]).toMatchObject({ name: 'discount_copy', kind: 'code' });
  });

  it('imports MCP tools and export files, skipping clashes with a reason', async () => {
    const mcp = await studioActions.importMcp(
      JSON.stringify({ tools: [{ name: 'remote', inputSchema: { type: 'object' } }] }),
    );
    expect(mcp).toEqual({ imported: 1, problems: [] });
    expect(workspaceTools().find((t) => t.name === 'remote')).toMatchObject({ source: 'mcp', needsApproval: true });
    await studioActions.importFile(
      exportUserTools([newUserToolSpec('a', 'fresh', 0), newUserToolSpec('b', 'remote', 0)], 0),
      { trusted: true }, // the trust prompt is tested in tools-file-trust.test.ts
    );
    expect(
      state()
        .specs.map((s) => s.name)
        .sort(),
    ).toEqual(['fresh', 'remote']);
    expect(state().problems).toEqual([expect.stringContaining('remote: A user tool is already named "remote"')]);
    await studioActions.importFile('{"not": "ours"}');
    expect(state().notice).toMatchObject({
      kind: 'error',
      text: expect.stringContaining('not a Tool Loop Playground tools file'),
    });
  });
});
