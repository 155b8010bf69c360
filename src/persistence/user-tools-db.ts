/**
 * The user's own tools in IndexedDB (through idb), in their own database so the tool studio's storage evolves
 * on its own. Every record read back is validated with zod; a bad record is reported by id and skipped, never
 * allowed to blank the app.
 */
import type { DBSchema } from 'idb';
import type { UserToolSpec } from '../engine';
import { parseUserToolSpec } from '../engine';
import type { GuardOptions } from './connection';
import { guardedDb } from './connection';

export const USER_TOOLS_DB_NAME = 'tlp-user-tools';
export const USER_TOOLS_DB_VERSION = 1;

interface UserToolsDB extends DBSchema {
  tools: { key: string; value: unknown };
}

export interface LoadedUserTools {
  readonly tools: UserToolSpec[];
  /** One line per record that could not be read, naming it. */
  readonly problems: string[];
}

/** The user tools database's operations, on one guarded connection. */
export interface UserToolsDb {
  /** Every stored tool, oldest first; unreadable records are listed in `problems`. Rejects only if IndexedDB fails. */
  readonly loadUserTools: () => Promise<LoadedUserTools>;
  readonly saveUserTool: (spec: UserToolSpec) => Promise<void>;
  readonly saveUserTools: (specs: readonly UserToolSpec[]) => Promise<void>;
  readonly deleteUserTool: (id: string) => Promise<void>;
  /** Closes the connection (and forgets its problems) so a test can delete the database. */
  readonly close: () => Promise<void>;
}

/** The user tools database, reporting its problems to `options.board`. */
export function createUserToolsDb(options: GuardOptions): UserToolsDb {
  const connection = guardedDb<UserToolsDB>(
    USER_TOOLS_DB_NAME,
    USER_TOOLS_DB_VERSION,
    (database, oldVersion) => {
      // Migrations go here, one `if (oldVersion < N)` block per version.
      if (oldVersion < 1) database.createObjectStore('tools', { keyPath: 'id' });
    },
    options,
  );

  const db = connection.get;

  /** Every stored tool, oldest first; unreadable records are listed in `problems`. Rejects only if IndexedDB fails. */
  async function loadUserTools(): Promise<LoadedUserTools> {
    const records = await (await db()).getAll('tools');
    const tools: UserToolSpec[] = [];
    const problems: string[] = [];
    for (const record of records) {
      const parsed = parseUserToolSpec(record);
      if (parsed.ok) tools.push(parsed.value);
      else problems.push(`Stored tool ${describeRecord(record)} could not be read and was skipped (${parsed.error}).`);
    }
    tools.sort((a, b) => a.updatedAt - b.updatedAt || a.id.localeCompare(b.id));
    return { tools, problems };
  }

  async function saveUserTool(spec: UserToolSpec): Promise<void> {
    await connection.write((database) => database.put('tools', spec));
  }

  async function saveUserTools(specs: readonly UserToolSpec[]): Promise<void> {
    await connection.write(async (database) => {
      const tx = database.transaction('tools', 'readwrite');
      await Promise.all([...specs.map((spec) => tx.store.put(spec)), tx.done]);
    });
  }

  async function deleteUserTool(id: string): Promise<void> {
    await connection.write((database) => database.delete('tools', id));
  }

  /** Closes the connection (and forgets its problems) so a test can delete the database. */
  async function close(): Promise<void> {
    await connection.close();
  }

  return { loadUserTools, saveUserTool, saveUserTools, deleteUserTool, close };
}

function describeRecord(record: unknown): string {
  if (typeof record === 'object' && record !== null) {
    const { id, name } = record as { id?: unknown; name?: unknown };
    if (typeof name === 'string') return `"${name}"`;
    if (typeof id === 'string') return `with id ${id}`;
  }
  return '(unnamed)';
}
