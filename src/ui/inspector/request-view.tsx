/**
 * The Request tab: the next request before it is sent — the body the selected runtime will send when you Step,
 * byte for byte (`request-preview.ts`), with the harness's own record of it one click away — and, for every model
 * call made, the request as the runtime sent it (with the tools it offered). The Prompt
 * tab: each call's prompt as a diff against the call before, tokens per segment, and the whole text the model saw
 * (when the runtime can tell).
 */
import { useMemo } from 'react';
import type { EventWithFullTrace, LoopEvent, PrefixCheck, ToolDefinition } from '../../engine';
import {
  checkPrefixExtension,
  messagesSentAt,
  roundResponses,
  toFunctionTool,
  toolsOfRun,
  toOpenAIMessages,
} from '../../engine';
import { useT } from '../../i18n';
import { selectEvents, selectNextRequest, selectSelectedRound } from '../../store/selectors';
import { useRoundTokens } from '../charts/use-round-tokens';
import { usePlayground, usePlaygroundApi } from '../playground-context';
import { HttpExchangeView } from './http-exchange';
import { PromptDateField } from './prompt-date-field';
import { PromptDiffView } from './prompt-diff-view';
import type { PreviewState } from './request-preview';
import { useRequestPreview } from './request-preview';
import { useEngineText } from '../engine-text/engine-text';

const NEXT = 'next';

type Responded = Extract<EventWithFullTrace, { type: 'model-responded' }>;

export function RequestView({ mode }: { mode: 'request' | 'prompt' }) {
  const { t } = useT('prompt');
  const words = useEngineText();
  const { actions } = usePlaygroundApi();
  const events = usePlayground(selectEvents);
  const selected = usePlayground(selectSelectedRound);
  const next = usePlayground(selectNextRequest);
  const rounds = useMemo(() => events.flatMap((e) => (e.type === 'model-called' ? [e.round] : [])), [events]);
  // By default the Request tab previews the next request when there is one; the Prompt tab shows the latest call.
  const showNext = mode === 'request' && selected === null && (next.ok || rounds.length === 0);
  const preview = useRequestPreview(showNext && next.ok ? next.value : null);
  const round = showNext ? null : (selected ?? rounds.at(-1) ?? null);
  const picker = (
    <label className="inline-field">
      {t('picker.label')}
      <select
        aria-label={t('picker.label')}
        value={round ?? NEXT}
        onChange={(e) => actions.selectRound(e.target.value === NEXT ? null : Number(e.target.value), mode)}
      >
        {mode === 'request' && <option value={NEXT}>{t('picker.next')}</option>}
        {rounds.map((r) => (
          <option key={r} value={r}>
            {t('picker.turn', { round: r })}
          </option>
        ))}
      </select>
    </label>
  );
  if (round === null) {
    if (mode === 'prompt') return <p className="muted">{t('empty')}</p>;
    return (
      <div className="request-view">
        {rounds.length > 0 && picker}
        <h3>{t('request.nextTitle')}</h3>
        {next.ok ? (
          <>
            <p className="small" data-testid="next-request-summary">
              {t('request.nextSummary', {
                round: next.value.round,
                messages: t('request.nextMessages', { count: next.value.messages.length }),
                tools: t('request.nextTools', { count: next.value.tools.length }),
              })}
              {next.value.tools.length > 0 ? `: ${next.value.tools.map((tool) => tool.name).join(', ')}` : ''} ·{' '}
              {typeof next.value.toolChoice === 'string'
                ? t('request.toolChoice', { choice: next.value.toolChoice })
                : t('request.toolChoiceOnly', { name: next.value.toolChoice.name })}
            </p>
            <NextRequestBody preview={preview} />
            <details className="request-internal" data-testid="next-request-internal-details">
              <summary>{t('request.internal')}</summary>
              <p className="muted small">{t('request.internalHint')}</p>
              <pre
                className="code-block"
                data-testid="next-request-internal"
                tabIndex={0}
                aria-label={t('request.internalLabel')}
              >
                {JSON.stringify(next.value, null, 2)}
              </pre>
            </details>
          </>
        ) : (
          <p className="muted" data-testid="next-request-reason">
            {t('request.noNext', { reason: words.refusal(next.error) })}
          </p>
        )}
      </div>
    );
  }
  return (
    <div className="request-view">
      {picker}
      {mode === 'request' ? (
        <SentRequest events={events} round={round} />
      ) : (
        <PromptOfRound events={events} round={round} />
      )}
    </div>
  );
}

/** The body the selected runtime will send, as it will send it; or why it cannot be shown before the call. */
function NextRequestBody({ preview }: { readonly preview: PreviewState | null }) {
  const { t } = useT('prompt');
  if (preview === null) return null;
  if (preview.kind === 'none') {
    return (
      <p className="muted small" data-testid="next-request-no-preview">
        {t('request.noPreview', { runtime: preview.runtime, reason: preview.reason })}
      </p>
    );
  }
  const { wire, body, promptText, grammar } = preview.preview;
  return (
    <>
      <p className="muted small" data-testid="next-request-wire" data-wire={wire}>
        {t(`request.wire.${wire}`, { runtime: preview.runtime })}
      </p>
      <pre className="code-block" data-testid="next-request-json" tabIndex={0} aria-label={t('request.nextJsonLabel')}>
        {JSON.stringify(body, null, 2)}
      </pre>
      {promptText !== undefined && (
        <details>
          <summary>{t('request.promptText')}</summary>
          <pre
            className="code-block"
            data-testid="next-request-prompt"
            tabIndex={0}
            aria-label={t('request.promptText')}
          >
            {promptText}
          </pre>
        </details>
      )}
      {grammar !== undefined && (
        <details>
          <summary>{t('request.grammar')}</summary>
          <pre className="code-block" data-testid="next-request-grammar" tabIndex={0} aria-label={t('request.grammar')}>
            {grammar}
          </pre>
        </details>
      )}
    </>
  );
}

function SentRequest({ events, round }: { readonly events: readonly LoopEvent[]; readonly round: number }) {
  const { t } = useT('prompt');
  // The round's response with its trace in full (the log stores each trace as the change from the previous one).
  const response = useMemo(() => roundResponses(events, round).current, [events, round]);
  const trace = response?.response.trace;
  const { extensions } = usePlaygroundApi();
  const sent = useMemo(() => messagesSentAt(events, round, extensions), [events, round, extensions]);
  const offered = useMemo(() => toolsOffered(events, round), [events, round]);
  return (
    <>
      <h3>{t('request.sentTitle')}</h3>
      <p className="small" data-testid="request-tools-offered">
        {offered.length === 0
          ? t('request.noTools')
          : t('request.toolsOffered', { count: offered.length, names: offered.map((tool) => tool.name).join(', ') })}
      </p>
      <pre className="code-block" data-testid="request-json" tabIndex={0} aria-label={t('request.jsonLabel')}>
        {JSON.stringify(
          trace?.requestJson ?? {
            messages: toOpenAIMessages(sent),
            ...(offered.length > 0 ? { tools: offered.map(toFunctionTool) } : {}),
          },
          null,
          2,
        )}
      </pre>
      {!trace && <p className="muted small">{response ? t('request.noBody') : t('request.inFlight')}</p>}
      {trace?.http && <HttpExchangeView http={trace.http} />}
    </>
  );
}

/** The tools a model call offered (the names its `model-called` event lists, with their definitions). */
function toolsOffered(events: readonly LoopEvent[], round: number): ToolDefinition[] {
  const called = events.find((e) => e.type === 'model-called' && e.round === round);
  if (called?.type !== 'model-called') return [];
  const byName = new Map(toolsOfRun(events).map((tool) => [tool.name, tool]));
  return called.toolNames.flatMap((name) => byName.get(name) ?? []);
}

function PromptOfRound({ events, round }: { readonly events: readonly LoopEvent[]; readonly round: number }) {
  const { t } = useT('prompt');
  const { counter, prompts, tokens } = useRoundTokens(events);
  const index = prompts.findIndex((p) => p.round === round);
  const current = prompts[index];
  // The round's response and the one before it, traces in full: the pair the KV-cache check compares.
  const { current: response, previous } = useMemo(() => roundResponses(events, round), [events, round]);
  const trace = response?.response.trace;
  const prefix = useMemo(() => (response ? prefixReuse(response, previous) : null), [response, previous]);
  return (
    <>
      <PromptDateField />
      {current ? (
        <PromptDiffView
          round={current}
          previous={index > 0 ? prompts[index - 1]! : null}
          tokens={tokens?.[index] ?? null}
          counter={counter}
        />
      ) : (
        <p className="muted small">{t('inFlight')}</p>
      )}
      <h3>{t('wholeTitle')}</h3>
      <pre className="code-block prompt-text" data-testid="prompt-text" tabIndex={0} aria-label={t('wholeLabel')}>
        {trace?.promptText ?? (trace?.promptBuiltBy === 'server' ? t('builtByServer') : t('notExposed'))}
      </pre>
      {/* Runtimes that check it themselves (web-llm, against their own cache) say so in their notes. */}
      {prefix && !trace?.notes?.some((n) => n.startsWith('KV cache:')) && <PrefixNote check={prefix} />}
      {trace?.notes?.map((n) => (
        <p key={n} className="muted small">
          {n}
        </p>
      ))}
    </>
  );
}

/**
 * KV-cache reuse, for any runtime that reports its prompt text: does this round's prompt start with the previous
 * round's prompt plus the model's exact output? Then only the new tokens need prefilling.
 */
function prefixReuse(current: Responded, previous: Responded | undefined): PrefixCheck | null {
  const promptText = current.response.trace?.promptText;
  if (promptText === undefined) return null;
  const previousPrompt = previous?.response.trace?.promptText;
  if (!previous || previousPrompt === undefined) return checkPrefixExtension(null, promptText);
  return checkPrefixExtension({ prompt: previousPrompt, output: previous.response.raw }, promptText);
}

function PrefixNote({ check }: { check: PrefixCheck }) {
  const { t } = useT('prompt');
  switch (check.kind) {
    case 'first-round':
      return <p className="small">{t('kv.first')}</p>;
    case 'extends':
      return (
        <p className="small" data-testid="prefix-check">
          {t('kv.extends', { chars: check.reusedChars })}
        </p>
      );
    case 'diverges':
      return (
        <p className="small notice-error" data-testid="prefix-check">
          {t('kv.diverges', { at: check.at, expected: check.expected, actual: check.actual })}
        </p>
      );
    default:
      return null;
  }
}
