/** The loop as a small state diagram with the current phase highlighted. */
import type { Phase } from '../../engine/loop/state';
import { FINISH_LABELS } from '../../engine/loop/projections';
import { selectFinished, selectPhase, selectRound, selectRunning, selectSettings } from '../../store/selectors';
import { usePlayground } from '../playground-context';

const STEPS: { phase: Phase; label: string; hint: string }[] = [
  { phase: 'prompt', label: 'prompt', hint: 'history ready; Step calls the model' },
  { phase: 'model', label: 'model', hint: 'the model is answering' },
  { phase: 'approve', label: 'approve', hint: 'paused: decide each tool call' },
  { phase: 'execute', label: 'execute', hint: 'Step runs the calls in order and appends the results' },
  { phase: 'done', label: 'done', hint: 'the loop has ended' },
];

export function PhaseDiagram() {
  const phase = usePlayground(selectPhase);
  const round = usePlayground(selectRound);
  // The workspace's settings are the run's (every change is logged into the open run).
  const maxRounds = usePlayground(selectSettings).maxRounds;
  const finished = usePlayground(selectFinished);
  const running = usePlayground(selectRunning);
  const current = STEPS.find((s) => s.phase === phase);
  return (
    <div className="phase" aria-label="Loop phase">
      <ol className="phase-steps">
        {STEPS.map((step, i) => (
          <li
            key={step.phase}
            className={`phase-step${step.phase === phase ? ' phase-step-current' : ''}`}
            aria-current={step.phase === phase ? 'step' : undefined}
          >
            {step.label}
            {i < STEPS.length - 1 && (
              <span className="phase-arrow" aria-hidden="true">
                →
              </span>
            )}
          </li>
        ))}
      </ol>
      <p className="phase-caption" data-testid="phase-caption">
        {phase === 'idle'
          ? 'No run yet: write a message and press Send (or Step / Run to end).'
          : `Phase: ${phase} — ${current?.hint ?? ''}. Model calls: ${round} of max ${maxRounds}.${running ? ' Running to the end…' : ''}`}
        {finished && (
          <>
            {' '}
            <strong data-testid="run-finished">Ended: {FINISH_LABELS[finished.reason]}.</strong>
          </>
        )}
      </p>
    </div>
  );
}
