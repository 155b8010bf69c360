/**
 * The Prompt tab's diff: round N's prompt segment by segment against round N−1's — added text highlighted, a
 * changed segment with its removed and added tokens, and why a prompt does not simply extend the previous one —
 * with the tokens of every segment (the runtime's own counts where it reported them, else the bundled Qwen3
 * tokenizer, labelled an estimate). Every text is rendered as text nodes.
 */
import { useMemo } from 'react';
import type {
  ChangeReason,
  DiffPiece,
  RoundPromptSegment as PromptSegment,
  RoundPrompt,
  RoundTokens,
  SegmentDiff,
} from '../../engine';
import { assertNever, diffRound } from '../../engine';
import { useFormat, useT } from '../../i18n';
import type { CounterState } from '../charts/use-round-tokens';
import { BAR_TOKENS } from '../charts/token-bars';
import './prompt-diff.css';

interface Props {
  readonly round: RoundPrompt;
  readonly previous: RoundPrompt | null;
  readonly tokens: RoundTokens | null;
  readonly counter: CounterState;
}

export function PromptDiffView({ round, previous, tokens, counter }: Props) {
  const { t } = useT('prompt');
  const format = useFormat();
  const diff = useMemo(() => diffRound(previous?.segments ?? null, round.segments), [previous, round]);
  const tokensOf = useMemo(() => {
    const map = new Map<PromptSegment, number>();
    round.segments.forEach((s, i) => tokens && map.set(s, tokens.segments[i]!));
    return map;
  }, [round, tokens]);
  const added = diff.segments.filter((d) => d.kind === 'added');
  const addedTokens = added.reduce((n, d) => n + (d.kind === 'added' ? (tokensOf.get(d.segment) ?? 0) : 0), 0);

  return (
    <section className="prompt-diff" aria-label={t('diff.label')}>
      <h3>{previous ? t('diff.title', { round: round.round, previous: previous.round }) : t('diff.firstTitle')}</h3>
      <p className="small" data-testid="prompt-diff-summary">
        {previous === null
          ? t('diff.first')
          : diff.extendsPrevious
            ? t('diff.extends', { previous: previous.round, count: added.length })
            : t('diff.notExtends', { previous: previous.round })}
      </p>
      {diff.reasons.length > 0 && (
        <ul className="prompt-diff-reasons small" data-testid="prompt-diff-reasons">
          {diff.reasons.map((reason) => (
            <li key={reason} data-reason={reason}>
              {reasonText(t, reason)}
            </li>
          ))}
        </ul>
      )}
      <p className="muted small" data-testid="prompt-tokens-source">
        {round.source === 'rendered' ? `${t('source.rendered')} ` : ''}
        {counter.status === 'loading' && t('tokens.loading')}
        {counter.status === 'failed' && t('tokens.failed', { error: counter.error })}
        {tokens && tokensSource(t, format, tokens)}
      </p>
      {tokens && (
        <p className="small prompt-diff-parts" data-testid="prompt-part-tokens">
          {(['system', 'tools', 'history', 'new'] as const).map((part) => (
            <span key={part}>
              <span
                className="prompt-diff-swatch"
                style={{ background: `var(${BAR_TOKENS[part]})` }}
                aria-hidden="true"
              />
              {t(`parts.${part}`)} <strong>{format.number(tokens[part])}</strong>
            </span>
          ))}
          <span>
            {t('tokens.total')} <strong>{format.number(tokens.prompt)}</strong>
            {previous && addedTokens > 0 ? ` · ${t('tokens.added', { tokens: format.number(addedTokens) })}` : ''}
          </span>
        </p>
      )}
      <ol className="prompt-diff-segments">
        {diff.segments.map((d) => {
          const segment = d.kind === 'removed' ? d.before : d.segment;
          const count = d.kind === 'removed' ? undefined : tokensOf.get(d.segment);
          const open = d.kind === 'added' || d.kind === 'changed';
          return (
            <li
              key={`${d.kind}-${segment.key}`}
              className={`prompt-diff-segment prompt-diff-${d.kind}`}
              data-testid={`segment-${segment.key}`}
              data-status={d.kind}
            >
              <details open={open}>
                <summary>
                  <span className="prompt-diff-name">{segmentName(t, segment)}</span>{' '}
                  <span className={`badge prompt-diff-badge-${d.kind}`}>{t(`status.${d.kind}`)}</span>{' '}
                  {count !== undefined && (
                    <span className="muted small" data-testid="segment-tokens">
                      {t('tokens.count', { count, formatted: format.number(count) })}
                    </span>
                  )}
                </summary>
                <pre className="code-block prompt-diff-text" tabIndex={0} aria-label={segmentName(t, segment)}>
                  <SegmentText diff={d} />
                </pre>
              </details>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function SegmentText({ diff }: { readonly diff: SegmentDiff }) {
  switch (diff.kind) {
    case 'same':
      return <>{diff.segment.text}</>;
    case 'added':
      return <ins data-testid="added-text">{diff.segment.text}</ins>;
    case 'removed':
      return <del>{diff.before.text}</del>;
    case 'changed':
      return <Pieces pieces={diff.pieces} />;
    default:
      return assertNever(diff);
  }
}

function Pieces({ pieces }: { readonly pieces: readonly DiffPiece[] }) {
  return (
    <>
      {pieces.map((p, i) =>
        p.op === 'added' ? (
          <ins key={i} data-testid="added-text">
            {p.text}
          </ins>
        ) : p.op === 'removed' ? (
          <del key={i}>{p.text}</del>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </>
  );
}

type T = ReturnType<typeof useT<'prompt'>>['t'];

function segmentName(t: T, segment: PromptSegment): string {
  switch (segment.kind) {
    case 'system':
      return t('segments.system');
    case 'tools':
      return t('segments.tools');
    case 'generation':
      return t('segments.generation');
    case 'other':
      return t('segments.other');
    case 'message':
      if (segment.role === 'tool')
        return t('segments.toolResults', { turn: segment.turn, count: segment.results ?? 0 });
      if (segment.role === 'system') return t('segments.laterSystem', { turn: segment.turn });
      return t(segment.role === 'assistant' ? 'segments.assistant' : 'segments.user', { turn: segment.turn });
    default:
      return assertNever(segment.kind);
  }
}

/** Where the round's figures came from, and, when the parts do not add up to the whole, why. */
function tokensSource(t: T, format: ReturnType<typeof useFormat>, tokens: RoundTokens): string {
  if (tokens.counted === 'estimated') return t('tokens.estimated');
  if (tokens.partsCounted === 'runtime') return t('tokens.runtime');
  return t('tokens.runtimeWhole', {
    prompt: format.number(tokens.prompt),
    parts: format.number(tokens.prompt - tokens.partsGap),
  });
}

function reasonText(t: T, reason: ChangeReason): string {
  return t(`reasons.${reason}`);
}
