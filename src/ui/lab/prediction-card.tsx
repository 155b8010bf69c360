/**
 * Predict mode's answer to a prediction, in the transcript beside the turn it was about: a score card, not a
 * verdict. A headline by outcome (spot on / close / a surprise — and a surprise is where the lesson is), the points
 * as three pips, and one row per thing scored: the kind of turn (what you said, what the model did), the tools and
 * the arguments. Colours are the calm ones (accent, ok, warn), never the error red.
 */
import type { Prediction, PredictionScore } from '../../engine';
import { POINTS_PER_TURN } from '../../engine';
import { useFormat, useT } from '../../i18n';

export type PredictionOutcome = 'perfect' | 'close' | 'surprise';

/** How a scored prediction went: every point, the right kind of turn, or the model did the other thing. */
export function predictionOutcome(score: Pick<PredictionScore, 'points' | 'kindMatch'>): PredictionOutcome {
  if (score.points >= POINTS_PER_TURN) return 'perfect';
  return score.kindMatch ? 'close' : 'surprise';
}

export function PredictionCard({
  round,
  prediction,
  score,
}: {
  readonly round: number;
  readonly prediction: Prediction;
  readonly score: PredictionScore | null;
}) {
  const { t } = useT('lab');
  const format = useFormat();
  const predicted =
    prediction.kind === 'answer'
      ? t('predictedAnswer')
      : t('predictedCalls', {
          calls: prediction.calls.map((c) => `${c.name} ${JSON.stringify(c.arguments)}`).join(', '),
        });
  const outcome = score ? predictionOutcome(score) : null;
  const actual = score ? (score.actual === 'answer' ? t('actualAnswer') : t('actualCalls')) : '';
  return (
    <section
      className={`lab-note lab-prediction${outcome ? ` lab-prediction-${outcome}` : ''}`}
      role="status"
      aria-label={t('predictionOf', { round })}
      data-testid={`prediction-${round}`}
      data-outcome={outcome ?? undefined}
    >
      <div className="lab-prediction-head">
        <strong>{t('predictionOf', { round })}</strong>
        {score && (
          <span className="lab-prediction-points">
            <span className="lab-pips" aria-hidden="true">
              {Array.from({ length: POINTS_PER_TURN }, (_, i) => (
                <span
                  key={i}
                  className={`lab-pip${score.points >= i + 1 ? ' lab-pip-full' : score.points > i ? ' lab-pip-part' : ''}`}
                />
              ))}
            </span>
            <span className="badge lab-points" data-testid={`prediction-score-${round}`}>
              {t('pointsOf', {
                points: format.number(score.points, { maximumFractionDigits: 2 }),
                max: POINTS_PER_TURN,
              })}
            </span>
          </span>
        )}
      </div>
      {outcome && (
        <p className="lab-prediction-headline" data-testid={`prediction-headline-${round}`}>
          {t(`card.${outcome}`, { actual })}
        </p>
      )}
      <dl className="lab-prediction-rows small">
        <dt>{t('card.said')}</dt>
        <dd>{predicted}</dd>
        {score === null ? (
          <>
            <dt>{t('card.score')}</dt>
            <dd className="muted">{t('notScored')}</dd>
          </>
        ) : (
          <>
            <dt>{t('card.kind')}</dt>
            <dd>
              <Mark ok={score.kindMatch} />
              {score.kindMatch ? t('card.kindRight', { actual }) : t('kindWrong', { actual })}
            </dd>
            {score.kindMatch && score.actual === 'calls' && (
              <>
                <dt>{t('card.tools')}</dt>
                <dd>
                  <Mark ok={score.tools.matched === score.tools.total} />
                  {t('toolsMatched', score.tools)}
                </dd>
                <dt>{t('card.args')}</dt>
                <dd>
                  <Mark ok={score.args.matched === score.args.total} />
                  {t('argsMatched', score.args)}
                </dd>
              </>
            )}
          </>
        )}
      </dl>
      {outcome === 'surprise' && <p className="small lab-prediction-tip">{t('card.lesson', { round })}</p>}
    </section>
  );
}

/** ✓ or ·: a row that scored, or one that did not (hidden from screen readers: the row's words say it). */
function Mark({ ok }: { readonly ok: boolean }) {
  return (
    <span className={`lab-mark${ok ? ' lab-mark-ok' : ''}`} aria-hidden="true">
      {ok ? '✓' : '·'}
    </span>
  );
}
