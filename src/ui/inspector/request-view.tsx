/**
 * The Request tab: the next request before it is sent — the very object the runtime receives when you Step —
 * and, for every model call made, the request as the runtime received it and the prompt text the model saw
 * (when the runtime can tell).
 */
import { useMemo } from 'react';
import { messagesSentAt } from '../../engine/loop/projections';
import type { EventWithFullTrace, PrefixCheck } from '../../engine/prompt-trace';
import { checkPrefixExtension, roundResponses } from '../../engine/prompt-trace';
import { toOpenAIMessages } from '../../engine/messages';
import { selectEvents, selectNextRequest, selectSelectedRound } from '../../store/selectors';
import { usePlayground, usePlaygroundApi } from '../playground-context';

import { PromptDateField } from './prompt-date-field';
import { HttpExchangeView } from './http-exchange';

const NEXT = 'next';

type Responded = Extract<EventWithFullTrace, { type: 'model-responded' }>;

export function RequestView({ mode }: { mode: 'request' | 'prompt' }) {
  const { actions } = usePlaygroundApi();
  const events = usePlayground(selectEvents);
  const selected = usePlayground(selectSelectedRound);
  const next = usePlayground(selectNextRequest);
  const rounds = useMemo(() => events.flatMap((e) => (e.type === 'model-called' ? [e.round] : [])), [events]);
  // By default the Request tab previews the next request when there is one; the Prompt tab shows the latest call.
  const showNext = mode === 'request' && selected === null && (next.ok || rounds.length === 0);
  const round = showNext ? null : (selected ?? rounds.at(-1) ?? null);
  // The round's response and the one before it, traces in full (the log stores each as a change).
  const { current: response, previous } = useMemo(
    () => (round === null ? {} : roundResponses(events, round)),
    [events, round],
  );
  const trace = response?.response.trace;
  const prefix = useMemo(() => (response ? prefixReuse(response, previous) : null), [response, previous]);
  const sent = useMemo(() => (round === null ? [] : messagesSentAt(events, round)), [events, round]);
  const picker = (
    <label className="inline-field">
      Model call
      <select
        aria-label="Model call"
        value={round ?? NEXT}
        onChange={(e) => actions.selectRound(e.target.value === NEXT ? null : Number(e.target.value), mode)}
      >
        {mode === 'request' && <option value={NEXT}>next request (before it is sent)</option>}
        {rounds.map((r) => (
          <option key={r} value={r}>
            turn {r}
          </option>
        ))}
      </select>
    </label>
  );
  if (round === null) {
    if (mode === 'prompt') return <p className="muted">The prompt of each model call appears here.</p>;
    return (
      <div className="request-view">
        {rounds.length > 0 && picker}
        <h3>Next request</h3>
        {next.ok ? (
          <>
            <p className="small" data-testid="next-request-summary">
              Turn {next.value.round} · {next.value.messages.length} message(s) · {next.value.tools.length} tool(s)
              {next.value.tools.length > 0 ? `: ${next.value.tools.map((t) => t.name).join(', ')}` : ''} · tool choice{' '}
              {typeof next.value.toolChoice === 'string' ? next.value.toolChoice : `only ${next.value.toolChoice.name}`}
            </p>
            <p className="muted small">
              Exactly what the runtime receives when you Step: built from the workspace (the ticked tools, the tool
              choice) and the run so far.
            </p>
            <pre className="code-block" data-testid="next-request-json" tabIndex={0} aria-label="Next request JSON">
              {JSON.stringify(next.value, null, 2)}
            </pre>
          </>
        ) : (
          <p className="muted" data-testid="next-request-reason">
            No request to send now: {next.error}
          </p>
        )}
      </div>
    );
  }
  return (
    <div className="request-view">
      {picker}
      {mode === 'request' ? (
        <>
          <h3>Request as the runtime received it</h3>
          <pre className="code-block" data-testid="request-json" tabIndex={0} aria-label="Request JSON">
            {JSON.stringify(trace?.requestJson ?? { messages: toOpenAIMessages(sent) }, null, 2)}
          </pre>
          {!trace && <p className="muted small">This runtime reports no request body: shown as OpenAI messages.</p>}
          {trace?.http && <HttpExchangeView http={trace.http} />}
        </>
      ) : (
        <>
          <PromptDateField />
          <h3>Prompt text the model saw</h3>
          {trace?.promptParts && (
            <table className="table" aria-label="Prompt tokens per part">
              <thead>
                <tr>
                  <th scope="col">part</th>
                  <th scope="col">tokens</th>
                </tr>
              </thead>
              <tbody>
                {trace.promptParts.map((p) => (
                  <tr key={p.part}>
                    <td>{p.part}</td>
                    <td>{p.tokens}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <pre className="code-block prompt-text" data-testid="prompt-text" tabIndex={0} aria-label="Prompt text">
            {trace?.promptText ??
              (trace?.promptBuiltBy === 'server'
                ? 'Built by the server from its chat template: the app sent messages and tools, and the prompt text never comes back.'
                : '(this runtime does not expose its prompt text)')}
          </pre>
          {/* Runtimes that check it themselves (web-llm, against their own cache) say so in their notes. */}
          {prefix && !trace?.notes?.some((n) => n.startsWith('KV cache:')) && <PrefixNote check={prefix} />}
          {trace?.notes?.map((n) => (
            <p key={n} className="muted small">
              {n}
            </p>
          ))}
        </>
      )}
    </div>
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
  switch (check.kind) {
    case 'first-round':
      return <p className="small">KV cache: first model call of the run — the whole prompt is prefilled.</p>;
    case 'extends':
      return (
        <p className="small" data-testid="prefix-check">
          KV cache: this prompt <strong>extends</strong> the previous call’s prompt plus the model’s exact output (
          {check.reusedChars} characters); a runtime that keeps its cache prefills only the rest.
        </p>
      );
    case 'diverges':
      return (
        <p className="small notice-error" data-testid="prefix-check">
          KV cache: this prompt <strong>diverges</strong> from the previous prompt plus output at character {check.at}{' '}
          (expected “{check.expected}”, got “{check.actual}”): the runtime must prefill it all again.
        </p>
      );
    default:
      return null;
  }
}
