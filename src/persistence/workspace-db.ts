/**
 * The workspace the person left (scenario, prompts and draft, exposed tools, settings, runtime, loop control and
 * advisor chain, theme), kept in the settings store so a reload brings it back. Read back through a zod schema: a stored workspace that
 * no longer fits is reported and ignored, never half-applied.
 */
import { z } from 'zod';
import type { Result, Workspace } from '../engine';
import {
  advisorConfigSchema,
  DEFAULT_SETTINGS,
  err,
  LOOP_CONTROLS,
  ok,
  RUNTIME_KINDS,
  settingsSchema,
  THEMES,
} from '../engine';
import type { RunsDb } from './runs-db';

/** Where the workspace is kept: the runs database's settings store. */
export type SettingsStore = Pick<RunsDb, 'loadSetting' | 'saveSetting'>;

const WORKSPACE_KEY = 'workspace';

const workspaceSchema = z.object({
  scenarioId: z.string().nullable(),
  system: z.string(),
  userDraft: z.string(),
  exposed: z.array(z.string()),
  toolOverrides: z.record(
    z.string(),
    z.object({
      returnDirect: z.boolean().optional(),
      needsApproval: z.boolean().optional(),
      description: z.string().optional(),
      parameterDescriptions: z.record(z.string(), z.string()).optional(),
      language: z.enum(['en', 'ko']).optional(),
    }),
  ),
  settings: settingsSchema,
  runtimeKind: z.enum(RUNTIME_KINDS),
  loopControl: z.enum(LOOP_CONTROLS),
  // Absent (a workspace stored before the chain was part of it, or never changed): the default chain.
  advisors: advisorConfigSchema.optional(),
  theme: z.enum(THEMES).optional(),
}) satisfies z.ZodType<Workspace>;

/**
 * A workspace stored by an older version, brought up to date: a setting added since takes its default rather than
 * the workspace being discarded.
 */
function migrate(stored: unknown): unknown {
  if (typeof stored !== 'object' || stored === null) return stored;
  const record = stored as Record<string, unknown>;
  const settings = record.settings;
  return {
    ...record,
    ...(typeof settings === 'object' && settings !== null ? { settings: { ...DEFAULT_SETTINGS, ...settings } } : {}),
  };
}

export async function saveWorkspace(settings: SettingsStore, workspace: Workspace): Promise<void> {
  await settings.saveSetting(WORKSPACE_KEY, workspace);
}

/** The stored workspace; null when none was stored; the reason when it cannot be read. */
export async function loadWorkspace(settings: SettingsStore): Promise<Result<Workspace> | null> {
  const stored = await settings.loadSetting(WORKSPACE_KEY);
  if (stored === undefined) return null;
  const parsed = workspaceSchema.safeParse(migrate(stored));
  if (parsed.success) return ok(parsed.data);
  const issue = parsed.error.issues[0];
  return err(
    `Your last workspace could not be restored (${issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'unreadable'}); the default one is open.`,
  );
}
