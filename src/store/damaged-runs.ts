/**
 * The run list's problems: runs that failed the deep check on read (set aside as damaged — listed with the
 * reason, exportable as their raw records, deletable — never opened) and the state of the storage itself (a
 * blocked open, an upgrade in another tab, a full disk). The page announces both in the main view.
 */
import type { Result } from '../engine';
import { err, errorMessage, ok } from '../engine';
import type { DamagedRun } from '../persistence/runs-db';
import type { PlaygroundStorage } from './storage';

export type { DamagedRun } from '../persistence/runs-db';
export type { RunDamage, RunDamageKind, StorageProblemKind, StorageStatus } from '../persistence';

/** The format name of a damaged run's export: its records exactly as stored, with the reason it was set aside. */
export const DAMAGED_RUN_FORMAT = 'tool-loop-playground/damaged-run';

/** `current` with `found` added; a run already listed keeps its first reason. */
export function mergeDamaged(current: readonly DamagedRun[], found: readonly DamagedRun[]): readonly DamagedRun[] {
  const known = new Set(current.map((d) => d.runId));
  const added = found.filter((d) => !known.has(d.runId) && (known.add(d.runId), true));
  return added.length === 0 ? current : [...current, ...added];
}

export interface DamagedExport {
  readonly fileName: string;
  readonly text: string;
}

/**
 * A damaged run's file: the header and event records exactly as stored (nothing is validated or dropped), the
 * reason it was set aside and when it was exported — for a bug report, or to repair by hand.
 */
export async function exportDamagedRun(
  storage: Pick<PlaygroundStorage, 'loadRawRun'>,
  damaged: DamagedRun,
  now: number,
): Promise<Result<DamagedExport>> {
  try {
    const raw = await storage.loadRawRun(damaged.runId);
    const text = JSON.stringify(
      {
        format: DAMAGED_RUN_FORMAT,
        version: 1,
        exportedAt: new Date(now).toISOString(),
        runId: damaged.runId,
        damage: damaged.damage,
        header: raw.header,
        events: raw.events,
      },
      null,
      2,
    );
    const slug = damaged.runId.replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 60) || 'run';
    return ok({ fileName: `damaged-${slug}.json`, text });
  } catch (error) {
    return err(errorMessage(error));
  }
}
