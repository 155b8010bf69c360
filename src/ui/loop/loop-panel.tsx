/** Middle column: prompts, the debugger controls, the loop's phase, and the transcript. */
import { lazy, Suspense, useState } from 'react';
import type { ExceptionMode, MalformedCallMode, ToolChoice } from '../../engine';
import {
  selectBusy,
  selectEvents,
  selectExposed,
  selectHasRun,
  selectNotice,
  selectPhase,
  selectRunId,
  selectRunning,
  selectRuntimeKind,
  selectSettings,
  selectSystem,
  selectUserDraft,
} from '../../store/selectors';
import { useT } from '../../i18n';
import { LessonSwitches } from '../lessons/lesson-switches';
import { Notice } from '../notice';
import { usePlayground, usePlaygroundApi } from '../playground-context';
import { UnsavedRun } from '../runs/unsaved-run';
import { DanglingChoice } from './dangling-choice';
import { useCurrentNotice } from './current-notice';
import { focusAfterDecision, STEP_BUTTON_ID } from './decision-focus';
import { PhaseDiagram } from './phase-diagram';
import { ScriptedWarning } from './scripted-warning';
import { TranscriptView } from './transcript-view';
import { LabPanelSkeleton } from '../lab/lab-skeleton';
import { usePresenter } from '../presenter/presenter-mode';
import { LOOP_BAR_CLASS, usePendingCallsIntoView } from '../presenter/pause-into-view';
import '../lab/lab.css';

// The lab's controls (predict mode, guards, faults) load after the first paint, in their own chunk; a closed
// "lab" line of the same height holds their place meanwhile.
const LabPanel = lazy(() => import('../lab/lab-panel').then((m) => ({ default: m.LabPanel })));
import { useEngineText } from '../engine-text/engine-text';

export function LoopPanel() {
  const { t } = useT('loop');
  const playground = usePlaygroundApi();
  const { actions, runtimes } = playground;
  const system = usePlayground(selectSystem);
  const user = usePlayground(selectUserDraft);
  const settings = usePlayground(selectSettings);
  const phase = usePlayground(selectPhase);
  const busy = usePlayground(selectBusy);
  const running = usePlayground(selectRunning);
  const events = usePlayground(selectEvents);
  const runId = usePlayground(selectRunId);
  const notice = useCurrentNotice(usePlayground(selectNotice), { runId, events: events.length });
  const words = useEngineText();
  const hasRun = usePlayground(selectHasRun);
  const exposed = usePlayground(selectExposed);
  const runtimeKind = usePlayground(selectRuntimeKind);
  const Composer = runtimes.providerFor(runtimeKind).Composer;
  const [labOpened, setLabOpened] = useState(false);
  const presenting = usePresenter();
  usePendingCallsIntoView(presenting, phase === 'approve');
  const ended = phase === 'done';
  const canSend = !busy && (phase === 'idle' || ended);
  const canStep = !busy && (phase === 'idle' || phase === 'prompt' || phase === 'execute');
  // Stop is for what is in flight: a model call or a tool batch, or "run to end" driving (a pause included).
  const canStop = busy || running;
  const approveAll = async () => {
    await actions.approveAll();
    focusAfterDecision(playground.store.getState().run.loop);
  };
  return (
    <section className="panel loop-panel" aria-label={t('region')}>
      <div className="loop-prompts">
        <label className="field">
          <span>{t('system')}</span>
          <textarea
            aria-label={t('systemPrompt')}
            aria-describedby={hasRun ? 'system-locked' : undefined}
            rows={2}
            value={system}
            readOnly={hasRun}
            onChange={(e) => actions.setSystem(e.target.value)}
          />
          {hasRun && (
            <span id="system-locked" className="muted small">
              {t('systemLocked')}
            </span>
          )}
        </label>
        <label className="field">
          <span>{t('user')}</span>
          <textarea
            aria-label={t('userMessage')}
            rows={2}
            value={user}
            onChange={(e) => actions.setUser(e.target.value)}
          />
        </label>
      </div>
      {/* The controls and the pause switch: one bar, which the presenter view keeps at the top of the screen. */}
      <div className={LOOP_BAR_CLASS}>
        <div className="loop-controls" id="loop-controls" tabIndex={-1} role="toolbar" aria-label={t('controls')}>
          <button type="button" className="button button-primary" disabled={!canSend} onClick={() => actions.send()}>
            {t('send')}
          </button>
          <button
            type="button"
            className="button"
            id={STEP_BUTTON_ID}
            disabled={!canStep}
            aria-describedby={ended ? 'run-ended-reason' : undefined}
            onClick={() => void actions.step()}
          >
            {t('step')}
          </button>
          <button
            type="button"
            className="button"
            disabled={!canStep}
            aria-describedby={ended ? 'run-ended-reason' : undefined}
            onClick={() => void actions.runToEnd()}
          >
            {t('runToEnd')}
          </button>
          <button
            type="button"
            className="button button-danger"
            disabled={!canStop}
            title={canStop ? undefined : t('stopIdle')}
            onClick={() => actions.stop()}
          >
            {t('stop')}
          </button>
          {phase === 'approve' && (
            <button type="button" className="button" onClick={() => void approveAll()}>
              {t('approveAll')}
            </button>
          )}
          <button type="button" className="button button-quiet" disabled={busy} onClick={() => actions.newRun()}>
            {t('newRun')}
          </button>
        </div>
        <label className="checkbox loop-pause">
          <input
            type="checkbox"
            checked={settings.pauseBeforeTools}
            onChange={(e) => actions.setSettings({ pauseBeforeTools: e.target.checked })}
          />
          {t('settings.pause')}
        </label>
      </div>
      <ScriptedWarning />
      <DanglingChoice />
      <UnsavedRun />
      {ended && (
        <p id="run-ended-reason" className="small loop-reason" data-testid="run-ended-reason">
          {words.t('refusal.runEnded')}
        </p>
      )}
      {notice && (
        <Notice
          // Predict mode asking for the prediction first is an invitation, not an error.
          notice={{ kind: notice.code === 'predictFirst' ? 'info' : notice.kind, text: words.notice(notice) }}
          onDismiss={actions.clearNotice}
          dismissLabel={t('dismiss')}
          testId="loop-notice"
        />
      )}
      <div className="loop-settings">
        <label className="inline-field">
          {t('settings.maxRounds')}
          <input
            type="number"
            min={1}
            max={100}
            value={settings.maxRounds}
            aria-label={t('settings.maxRounds')}
            onChange={(e) => {
              const value = Math.round(Number(e.target.value));
              if (Number.isFinite(value) && value >= 1) actions.setSettings({ maxRounds: value });
            }}
          />
        </label>
        <label className="inline-field">
          {t('settings.toolChoice')}
          <select
            aria-label={t('settings.toolChoice')}
            value={toolChoiceValue(settings.toolChoice)}
            onChange={(e) => actions.setSettings({ toolChoice: parseToolChoice(e.target.value) })}
          >
            <option value="auto">{t('settings.choiceAuto')}</option>
            <option value="required">{t('settings.choiceRequired')}</option>
            <option value="none">{t('settings.choiceNone')}</option>
            {exposed.map((name) => (
              <option key={name} value={`tool:${name}`}>
                {t('settings.choiceOnly', { name })}
              </option>
            ))}
          </select>
        </label>
        <label className="inline-field">
          {t('settings.onErrors')}
          <select
            aria-label={t('settings.onErrors')}
            value={settings.exceptionMode}
            onChange={(e) => actions.setSettings({ exceptionMode: e.target.value as ExceptionMode })}
          >
            <option value="send-to-model">{t('settings.errorsSend')}</option>
            <option value="stop-loop">{t('settings.errorsStop')}</option>
          </select>
        </label>
        <label className="inline-field" title={t('settings.malformedHint')}>
          {t('settings.malformed')}
          <select
            aria-label={t('settings.malformed')}
            value={settings.malformedCalls ?? 'error-result'}
            onChange={(e) => actions.setSettings({ malformedCalls: e.target.value as MalformedCallMode })}
          >
            <option value="error-result">{t('settings.malformedError')}</option>
            <option value="text">{t('settings.malformedText')}</option>
          </select>
        </label>
      </div>
      <LessonSwitches />
      <PhaseDiagram />
      {/* Opened while its chunk arrives, the lab stays open when it comes. */}
      <Suspense fallback={<LabPanelSkeleton onOpenChange={setLabOpened} />}>
        <LabPanel opened={labOpened} />
      </Suspense>
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
