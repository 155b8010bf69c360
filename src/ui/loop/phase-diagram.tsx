/** The loop as a small state diagram with the current phase highlighted. */
import type { Phase } from '../../engine';
import { selectFinished, selectPhase, selectRound, selectRunning, selectSettings } from '../../store/selectors';
import { useT } from '../../i18n';
import { usePlayground } from '../playground-context';

const STEPS: readonly Exclude<Phase, 'idle'>[] = ['prompt', 'model', 'approve', 'execute', 'done'];

export function PhaseDiagram() {
  const { t } = useT('phase');
  const phase = usePlayground(selectPhase);
  const round = usePlayground(selectRound);
  // The workspace's settings are the run's (every change is logged into the open run).
  const maxRounds = usePlayground(selectSettings).maxRounds;
  const finished = usePlayground(selectFinished);
  const running = usePlayground(selectRunning);
  return (
    <div className="phase" aria-label={t('label')}>
      <ol className="phase-steps">
        {STEPS.map((step, i) => (
          <li
            key={step}
            className={`phase-step${step === phase ? ' phase-step-current' : ''}`}
            aria-current={step === phase ? 'step' : undefined}
          >
            {t(`step.${step}`)}
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
          ? t('idle')
          : t('caption', { phase: t(`step.${phase}`), hint: t(`hint.${phase}`), round, max: maxRounds }) +
            (running ? ` ${t('running')}` : '')}
        {finished && (
          <>
            {' '}
            <strong data-testid="run-finished">{t('ended', { reason: t(`finish.${finished.reason}`) })}</strong>
          </>
        )}
      </p>
    </div>
  );
}
