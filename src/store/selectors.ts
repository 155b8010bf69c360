/**
 * Module-level selectors: how components read the playground store. Each returns a value already in the store
 * (or a primitive), so a component re-renders only when what it reads changed.
 */
import { advisorsOf } from '../engine';
import type { PlaygroundState } from './playground';

export const selectWorkspace = (s: PlaygroundState) => s.workspace;
export const selectScenarioId = (s: PlaygroundState) => s.workspace.scenarioId;
export const selectSystem = (s: PlaygroundState) => s.workspace.system;
export const selectUserDraft = (s: PlaygroundState) => s.workspace.userDraft;
export const selectSettings = (s: PlaygroundState) => s.workspace.settings;
export const selectExposed = (s: PlaygroundState) => s.workspace.exposed;
export const selectToolOverrides = (s: PlaygroundState) => s.workspace.toolOverrides;
export const selectRuntimeKind = (s: PlaygroundState) => s.workspace.runtimeKind;
/** The selected runtime's readiness: ready or why not, and the model's context when known. */
export const selectRuntimeStatus = (s: PlaygroundState) => s.runtime;
export const selectLoopControl = (s: PlaygroundState) => s.workspace.loopControl;
/** The workspace's advisor chain (the default one until the person changes it). */
export const selectAdvisorConfig = (s: PlaygroundState) => advisorsOf(s.workspace);
export const selectTheme = (s: PlaygroundState) => s.workspace.theme ?? 'system';
export const selectCatalog = (s: PlaygroundState) => s.catalog;

export const selectEvents = (s: PlaygroundState) => s.run.events;
export const selectLoop = (s: PlaygroundState) => s.run.loop;
export const selectPhase = (s: PlaygroundState) => s.run.loop.phase;
export const selectRunId = (s: PlaygroundState) => s.run.loop.runId;
export const selectPending = (s: PlaygroundState) => s.run.loop.pending;
export const selectFinished = (s: PlaygroundState) => s.run.loop.finished;
export const selectRound = (s: PlaygroundState) => s.run.loop.round;
export const selectRunTools = (s: PlaygroundState) => s.run.loop.tools;
export const selectStreaming = (s: PlaygroundState) => s.run.streaming;
export const selectBusy = (s: PlaygroundState) => s.run.busy;
export const selectRunning = (s: PlaygroundState) => s.run.running;
export const selectNextRequest = (s: PlaygroundState) => s.run.nextRequest;
export const selectNotice = (s: PlaygroundState) => s.run.notice;
export const selectUnsaved = (s: PlaygroundState) => s.run.unsaved;
/** A run is open (its system prompt is fixed). */
export const selectHasRun = (s: PlaygroundState) => s.run.loop.runId !== null;

export const selectRunList = (s: PlaygroundState) => s.runs.list;
export const selectStorageProblems = (s: PlaygroundState) => s.runs.storageProblems;
export const selectDamagedRuns = (s: PlaygroundState) => s.runs.damaged;
export const selectStorageStatus = (s: PlaygroundState) => s.runs.storage;

export const selectStudio = (s: PlaygroundState) => s.userTools;
export const selectToolIndex = (s: PlaygroundState) => s.toolSearch.index;
export const selectOffline = (s: PlaygroundState) => s.offline;
export const selectRunFiles = (s: PlaygroundState) => s.runFiles;

export const selectInspectorTab = (s: PlaygroundState) => s.ui.inspectorTab;
export const selectSelectedRound = (s: PlaygroundState) => s.ui.selectedRound;
export const selectReady = (s: PlaygroundState) => s.ui.ready;
export const selectShortcutsOpen = (s: PlaygroundState) => s.ui.shortcutsOpen;
