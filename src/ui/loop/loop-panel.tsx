/** Middle column: prompts, the debugger controls, the loop's phase, and the transcript. */
import type { MalformedCallMode } from '../../engine/protocol/interpret';
import type { ToolChoice } from '../../engine/runtime';
import { RUN_ENDED } from '../../engine/loop/request';
import type { ExceptionMode } from '../../engine/tool-execution';
import {
  selectBusy,
  selectExposed,
  selectHasRun,
  selectNotice,
  selectPhase,
  selectRunning,
  selectRuntimeKind,
  selectSettings,
  selectSystem,
  selectUserDraft,
} from '../../store/selectors';
import { LessonSwitches } from '../lessons/lesson-switches';
import { Notice } from '../notice';
import { usePlayground, usePlaygroundApi } from '../playground-context';
import { PhaseDiagram } from './phase-diagram';
import { TranscriptView } from './transcript-view';

export function LoopPanel() {
  const { actions, runtimes } = usePlaygroundApi();
  const system = usePlayground(selectSystem);
  const user = usePlayground(selectUserDraft);
  const settings = usePlayground(selectSettings);
  const phase = usePlayground(selectPhase);
  const busy = usePlayground(selectBusy);
  const running = usePlayground(selectRunning);
  const notice = usePlayground(selectNotice);
  const hasRun = usePlayground(selectHasRun);
  const exposed = usePlayground(selectExposed);
  const runtimeKind = usePlayground(selectRuntimeKind);
  const Composer = runtimes.providerFor(runtimeKind).Composer;
  const ended = phase === 'done';
  const canSend = !busy && (phase === 'idle' || ended);
  const canStep = !busy && (phase === 'idle' || phase === 'prompt' || phase === 'execute');
  const canStop = busy || running || phase === 'prompt' || phase === 'approve' || phase === 'execute';
  return (
    <section className="panel loop-panel" aria-label="Loop">
      <div className="loop-prompts">
        <label className="field">
          <span>System</span>
          <textarea
            aria-label="System prompt"
            aria-describedby={hasRun ? 'system-locked' : undefined}
            rows={2}
            value={system}
            readOnly={hasRun}
            onChange={(e) => actions.setSystem(e.target.value)}
          />
          {hasRun && (
            <span id="system-locked" className="muted small">
              Part of this run since its start; New run to change it.
            </span>
          )}
        </label>
        <label className="field">
          <span>User</span>
          <textarea aria-label="User message" rows={2} value={user} onChange={(e) => actions.setUser(e.target.value)} />
        </label>
      </div>
      <div className="loop-controls" role="toolbar" aria-label="Debugger controls">
        <button type="button" className="button button-primary" disabled={!canSend} onClick={() => actions.send()}>
          Send
        </button>
        <button
          type="button"
          className="button"
          disabled={!canStep}
          aria-describedby={ended ? 'run-ended-reason' : undefined}
          onClick={() => void actions.step()}
        >
          Step
        </button>
        <button
          type="button"
          className="button"
          disabled={!canStep}
          aria-describedby={ended ? 'run-ended-reason' : undefined}
          onClick={() => void actions.runToEnd()}
        >
          Run to end
        </button>
        <button type="button" className="button button-danger" disabled={!canStop} onClick={() => actions.stop()}>
          Stop
        </button>
        {phase === 'approve' && (
          <button type="button" className="button" onClick={() => void actions.approveAll()}>
            Approve all
          </button>
        )}
        <button type="button" className="button button-quiet" disabled={busy} onClick={() => actions.newRun()}>
          New run
        </button>
      </div>
      {ended && (
        <p id="run-ended-reason" className="small loop-reason" data-testid="run-ended-reason">
          {RUN_ENDED}
        </p>
      )}
      {notice && (
        <Notice notice={notice} onDismiss={actions.clearNotice} dismissLabel="Dismiss message" testId="loop-notice" />
      )}
      <div className="loop-settings">
        <label className="checkbox">
          <input
            type="checkbox"
            checked={settings.pauseBeforeTools}
            onChange={(e) => actions.setSettings({ pauseBeforeTools: e.target.checked })}
          />
          Pause before executing tools
        </label>
        <label className="inline-field">
          Max rounds
          <input
            type="number"
            min={1}
            max={100}
            value={settings.maxRounds}
            aria-label="Max rounds"
            onChange={(e) => {
              const value = Math.round(Number(e.target.value));
              if (Number.isFinite(value) && value >= 1) actions.setSettings({ maxRounds: value });
            }}
          />
        </label>
        <label className="inline-field">
          Tool choice
          <select
            aria-label="Tool choice"
            value={toolChoiceValue(settings.toolChoice)}
            onChange={(e) => actions.setSettings({ toolChoice: parseToolChoice(e.target.value) })}
          >
            <option value="auto">auto (the model decides)</option>
            <option value="required">required (at least one call)</option>
            <option value="none">none (no tools sent)</option>
            {exposed.map((name) => (
              <option key={name} value={`tool:${name}`}>
                only {name}
              </option>
            ))}
          </select>
        </label>
        <label className="inline-field">
          On tool errors
          <select
            aria-label="On tool errors"
            value={settings.exceptionMode}
            onChange={(e) => actions.setSettings({ exceptionMode: e.target.value as ExceptionMode })}
          >
            <option value="send-to-model">send the error to the model</option>
            <option value="stop-loop">stop the loop</option>
          </select>
        </label>
        <label className="inline-field" title="A call the parser cannot read stays in the text either way">
          Malformed calls
          <select
            aria-label="Malformed calls"
            value={settings.malformedCalls ?? 'error-result'}
            onChange={(e) => actions.setSettings({ malformedCalls: e.target.value as MalformedCallMode })}
          >
            <option value="error-result">answer with an error result</option>
            <option value="text">treat as text</option>
          </select>
        </label>
      </div>
      <LessonSwitches />
      <PhaseDiagram />
      <TranscriptView />
      {Composer && <Composer />}
    </section>
  );
}

function toolChoiceValue(choice: ToolChoice): string {
  return typeof choice === 'string' ? choice : `tool:${choice.name}`;
}

/** "tool:NAME" → a named tool choice; the other values are the plain modes. */
function parseToolChoice(value: string): ToolChoice {
  if (value.startsWith('tool:')) return { name: value.slice(5) };
  return value === 'required' || value === 'none' ? value : 'auto';
}
