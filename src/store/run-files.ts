/**
 * Runs as files, the app side (the run-files slice): export a run (with the user tools' code only when asked),
 * export its transcript, import a file, fork the open run at a turn, and compare two runs. The engine's run-file
 * module does the work (validation, migrations, the cut); this slice reads and writes IndexedDB and opens runs
 * through the playground. Every failure comes back as a message (and in `notice`), never as a thrown error.
 */
import type {
  Comparison,
  ForkPoint,
  LoopEvent,
  LoopExtension,
  NoticePart,
  OpenAITranscript,
  Result,
  UserToolSpec,
} from '../engine';
import {
  buildRunFile,
  compareRuns,
  defaultForkPoint,
  errorMessage,
  forkEvents,
  forkPoints,
  parseRunFile,
  part,
  runNotice,
  transcriptOf,
} from '../engine';
import type { StoredRun } from '../persistence/runs-db';
import type { PlaygroundStorage } from './storage';
import type { Slice } from './slice';

/** `text` is the English; `parts` (when the slice made it) lets the page word it in its own language. */
export type RunFilesNotice = {
  readonly kind: 'error' | 'info';
  readonly text: string;
  readonly parts?: readonly NoticePart[];
};

/** An imported file's user-tool code, waiting for the person to read it and decide. Nothing of it has run. */
export interface PendingTrust {
  readonly runId: string;
  readonly title: string;
  readonly specs: readonly UserToolSpec[];
}

export interface CompareSelection {
  readonly a: { readonly runId: string; readonly title: string };
  readonly b: { readonly runId: string; readonly title: string };
  readonly comparison: Comparison;
}

export interface RunFilesState {
  readonly notice: RunFilesNotice | null;
  /** Warnings of the last import (an older format, HTML-looking text, unused code…), as codes the page words. */
  readonly warnings: readonly NoticePart[];
  readonly pendingTrust: PendingTrust | null;
  readonly compare: CompareSelection | null;
}

export const INITIAL_RUN_FILES: RunFilesState = { notice: null, warnings: [], pendingTrust: null, compare: null };

export interface ExportedText {
  readonly fileName: string;
  readonly text: string;
}

/** What run files need of the playground. */
export interface RunFilesDeps {
  readonly storage: Pick<PlaygroundStorage, 'loadRun' | 'loadRunHeaders' | 'saveRun' | 'loadUserTools'>;
  readonly now: () => number;
  readonly newRunId: () => string;
  /** The open run. */
  readonly run: () => { readonly runId: string | null; readonly events: readonly LoopEvent[]; readonly busy: boolean };
  /** Writes the open run's queued events. */
  readonly flush: () => Promise<void>;
  readonly reloadRunList: () => Promise<void>;
  readonly openRun: (runId: string) => Promise<void>;
  readonly titleOf: (runId: string) => string;
  /** The lessons plugged into the loop: forks, transcripts and comparisons fold a log with them. */
  readonly extensions: readonly LoopExtension[];
}

function fileBase(run: { title: string; runId: string }): string {
  const slug = run.title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);
  return slug === '' ? run.runId : `${slug}-${run.runId.slice(-5)}`;
}

export type RunFilesActions = ReturnType<typeof createRunFiles>;

export function createRunFiles(slice: Slice<RunFilesState>, deps: RunFilesDeps) {
  const set = slice.set;

  function fail<T>(error: string | NoticePart | readonly NoticePart[]): Result<T> {
    const notice =
      typeof error === 'string'
        ? { kind: 'error' as const, text: error }
        : runNotice('error', ...(Array.isArray(error) ? error : [error as NoticePart]));
    set({ notice });
    return { ok: false, error: notice.text };
  }

  /**
   * A run to export or compare. The open run's log is the one in memory — storage may lag behind it (a full disk,
   * a blocked database, another tab's upgrade), and Export must still work then — with its stored name when that
   * can be read; any other run comes from storage.
   */
  async function storedRun(runId: string): Promise<StoredRun | null> {
    const open = deps.run();
    if (open.runId !== runId) {
      const run = await deps.storage.loadRun(runId);
      return run.ok ? run.value : null;
    }
    await deps.flush();
    const stored = await deps.storage.loadRun(runId).catch(() => null);
    const first = open.events[0];
    const fields = stored?.ok
      ? stored.value
      : {
          runId,
          title: deps.titleOf(runId),
          createdAt: first?.at ?? deps.now(),
          updatedAt: deps.now(),
          ...(first?.type === 'run-started' && first.config.scenarioId !== undefined
            ? { scenarioId: first.config.scenarioId }
            : {}),
        };
    return { ...fields, events: open.events };
  }

  const actions = {
    /** The run file of a run; `includeCode` adds the code of the user tools it used (the person agreed). */
    async exportRun(runId: string, includeCode: boolean): Promise<Result<ExportedText>> {
      try {
        const run = await storedRun(runId);
        if (!run) return fail(part('notStored'));
        let toolCode: UserToolSpec[] | undefined;
        if (includeCode) toolCode = (await deps.storage.loadUserTools()).tools;
        const built = buildRunFile({
          run: {
            runId: run.runId,
            title: run.title,
            createdAt: run.createdAt,
            ...(run.scenarioId !== undefined ? { scenarioId: run.scenarioId } : {}),
            ...(run.parent ? { parent: run.parent } : {}),
            events: run.events,
          },
          ...(toolCode ? { toolCode } : {}),
          now: deps.now(),
        });
        if (!built.ok) return fail(built.error);
        const withCode = built.value.file.toolCode?.length ?? 0;
        const title = run.title || run.runId;
        set({
          notice: runNotice(
            'info',
            includeCode ? part('exportedWithCode', { title, count: String(withCode) }) : part('exported', { title }),
          ),
        });
        return { ok: true, value: { fileName: `${fileBase(run)}.run.json`, text: built.value.text } };
      } catch (error) {
        return fail(part('exportFailed', { error: errorMessage(error) }));
      }
    },

    /** The transcript as an OpenAI chat-completions request body (messages and tools). */
    async exportTranscript(runId: string): Promise<Result<ExportedText & { readonly transcript: OpenAITranscript }>> {
      try {
        const run = await storedRun(runId);
        if (!run) return fail(part('notStored'));
        const transcript = transcriptOf(run.events, deps.extensions);
        return {
          ok: true,
          value: {
            fileName: `${fileBase(run)}.openai-messages.json`,
            text: JSON.stringify(transcript, null, 2),
            transcript,
          },
        };
      } catch (error) {
        return fail(part('transcriptFailed', { error: errorMessage(error) }));
      }
    },

    /**
     * Imports a run file: validates it, stores the run (under a new id if this browser already has that id) and
     * opens it. User-tool code in the file is only held for the trust prompt; nothing of it runs here.
     */
    async importRun(text: string): Promise<Result<{ readonly runId: string; readonly warnings: readonly string[] }>> {
      set({ warnings: [], pendingTrust: null });
      const parsed = parseRunFile(text);
      if (!parsed.ok) return fail([part('importFailedLead'), parsed.problem]);
      const { file, warnings } = parsed.value;
      try {
        const { runs } = await deps.storage.loadRunHeaders();
        const taken = runs.some((r) => r.runId === file.run.runId);
        const runId = taken ? deps.newRunId() : file.run.runId;
        const events: LoopEvent[] = [...file.run.events];
        const first = events[0];
        if (taken && first?.type === 'run-started') events[0] = { ...first, runId };
        const stored: StoredRun = {
          runId,
          title: file.run.title,
          createdAt: file.run.createdAt,
          updatedAt: deps.now(),
          ...(file.run.scenarioId !== undefined ? { scenarioId: file.run.scenarioId } : {}),
          ...(file.run.parent ? { parent: file.run.parent } : {}),
          events,
        };
        await deps.storage.saveRun(stored);
        await deps.reloadRunList();
        await deps.openRun(runId);
        const specs = file.toolCode ?? [];
        set({
          warnings: parsed.value.warningParts,
          pendingTrust: specs.length > 0 ? { runId, title: file.run.title, specs } : null,
          notice: runNotice(
            'info',
            part(taken ? 'importedCopy' : 'imported', {
              title: file.run.title || runId,
              count: String(events.length),
            }),
            ...(specs.length > 0 ? [part('importedCode')] : []),
          ),
        });
        return { ok: true, value: { runId, warnings } };
      } catch (error) {
        return fail(part('importStoreFailed', { error: errorMessage(error) }));
      }
    },

    /** Reopens a run after its tools changed (e.g. trusted code was added), so its registry picks them up. */
    async reopen(runId: string): Promise<void> {
      await deps.openRun(runId);
    },

    dismissTrust(): void {
      set({
        pendingTrust: null,
        notice: runNotice('info', part('trustDismissed')),
      });
    },

    clearPendingTrust(): void {
      set({ pendingTrust: null });
    },

    /** Forks the open run at a turn (see forkEvents for the points) and opens the new branch. */
    async forkRun(turn: number, point?: ForkPoint): Promise<Result<{ readonly runId: string }>> {
      const open = deps.run();
      if (open.busy) return fail(part('forkBusy'));
      const parentId = open.runId;
      if (!parentId) return fail(part('forkNoRun'));
      const offered = forkPoints(open.events).find((t) => t.turn === turn);
      if (!offered) return fail(part('forkNoTurn', { turn: String(turn) }));
      const chosen = point ?? defaultForkPoint(offered.points);
      const runId = deps.newRunId();
      const forked = forkEvents(open.events, turn, {
        point: chosen,
        newRunId: runId,
        now: deps.now(),
        extensions: deps.extensions,
      });
      if (!forked.ok) return fail(forked.problem);
      try {
        await deps.flush();
        const parentTitle = deps.titleOf(parentId);
        const first = forked.value.events[0];
        await deps.storage.saveRun({
          runId,
          title: `${parentTitle || 'Run'} · fork at turn ${turn}`,
          createdAt: deps.now(),
          updatedAt: deps.now(),
          ...(first?.type === 'run-started' && first.config.scenarioId !== undefined
            ? { scenarioId: first.config.scenarioId }
            : {}),
          parent: { runId: parentId, eventCount: forked.value.keptFromParent },
          events: forked.value.events,
        });
        await deps.reloadRunList();
        await deps.openRun(runId);
        const forkedAt = part(
          chosen === 'before-tools'
            ? 'forkedBeforeTools'
            : chosen === 'after-results'
              ? 'forkedAfterResults'
              : 'forkedBeforeModel',
          { turn: String(turn) },
        );
        // The advisor chain's call stack is not in the log: a fork inside one of its requests cannot resume it.
        const advisor = forked.value.events.some((e) => e.type === 'advisor-chain');
        set({ notice: runNotice('info', forkedAt, ...(advisor ? [part('forkedAdvisor')] : [])) });
        return { ok: true, value: { runId } };
      } catch (error) {
        return fail(part('forkStoreFailed', { error: errorMessage(error) }));
      }
    },

    /** Compares two stored runs side by side; the view reads `compare`. */
    async compare(runA: string, runB: string): Promise<Result<Comparison>> {
      try {
        const a = await storedRun(runA);
        const b = await storedRun(runB);
        if (!a || !b) return fail(part('compareMissing'));
        const comparison = compareRuns(a.events, b.events, deps.extensions);
        set({
          compare: {
            a: { runId: a.runId, title: a.title || a.runId },
            b: { runId: b.runId, title: b.title || b.runId },
            comparison,
          },
          notice: null,
        });
        return { ok: true, value: comparison };
      } catch (error) {
        return fail(part('compareFailed', { error: errorMessage(error) }));
      }
    },

    closeCompare(): void {
      set({ compare: null });
    },

    clearNotice(): void {
      set({ notice: null });
    },

    /** Sets the notice (the trust prompt reports what adding the tools did). */
    say(notice: RunFilesNotice): void {
      set({ notice });
    },
  };
  return actions;
}
