import { openDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { newUserToolSpec } from '../engine/user-tools/spec';
import { createStatusBoard } from './connection';
import { createUserToolsDb, USER_TOOLS_DB_NAME, USER_TOOLS_DB_VERSION } from './user-tools-db';

const userTools = createUserToolsDb({ board: createStatusBoard() });
const { deleteUserTool, loadUserTools, saveUserTool, saveUserTools } = userTools;
const closeUserToolsDb = userTools.close;

afterEach(async () => {
  await closeUserToolsDb();
  indexedDB.deleteDatabase(USER_TOOLS_DB_NAME);
});

describe('user tools in IndexedDB', () => {
  it('saves, loads in order and deletes', async () => {
    await saveUserTool(newUserToolSpec('b', 'second', 2));
    await saveUserTools([newUserToolSpec('a', 'first', 1)]);
    expect((await loadUserTools()).tools.map((t) => t.name)).toEqual(['first', 'second']);
    await saveUserTool({ ...newUserToolSpec('a', 'renamed', 1) });
    await deleteUserTool('b');
    expect(await loadUserTools()).toEqual({ tools: [newUserToolSpec('a', 'renamed', 1)], problems: [] });
  });

  it('reports a corrupted record by name and still loads the others', async () => {
    await saveUserTool(newUserToolSpec('good', 'good', 1));
    await closeUserToolsDb();
    const raw = await openDB(USER_TOOLS_DB_NAME, USER_TOOLS_DB_VERSION);
    await raw.put('tools', { id: 'bad', name: 'broken', code: 42 });
    raw.close();
    const loaded = await loadUserTools();
    expect(loaded.tools.map((t) => t.id)).toEqual(['good']);
    expect(loaded.problems).toEqual([expect.stringContaining('Stored tool "broken" could not be read')]);
  });
});
