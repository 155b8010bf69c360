/** The exact request of a model call and the prompt text the model saw (when the runtime can tell). */
import { useMemo } from 'react';
import type { LoopEvent } from '../../engine/loop/events';
import { messagesSentAt } from '../../engine/loop/projections';
import type { PrefixCheck } from '../../engine/prompt-trace';
import { checkPrefixExtension } from '../../engine/prompt-trace';
import { toOpenAIMessages } from '../../engine/messages';
import { actions, useAppStore } from '../../store/app-store';
import { HttpExchangeView } from './http-exchange';

export function RequestView({ mode }: { mode: 'request' | 'prompt' }) {
  const events = useAppStore((s) => s.events);
  const selected = useAppStore((s) => s.selectedRound);
  const rounds = useMemo(() => events.flatMap((e) => (e.type === 'model-called' ? [e.round] : [])), [events]);
  const round = selected ?? rounds.at(-1) ?? null;
  const response = useMemo(
    () => events.find((e) => e.type === 'model-responded' && e.round === round),
    [events, round],
  );
  const trace = response?.type === 'model-responded' ? response.response.trace : undefined;
  const prefix = useMemo(() => (round === null ? null : prefixReuse(events, round)), [events, round]);
  const sent = useMemo(() => (round === null ? [] : messagesSentAt(events, round)), [events, round]);
  if (round === null) return <p className="muted">The request of each model call appears here.</p>;
  return (
    <div className="request-view">
      <label className="inline-field">
        Model call
        <select
          aria-label="Model call"
          value={round}
          onChange={(e) => actions.selectRound(Number(e.target.value), mode)}
        >
          {rounds.map((r) => (
            <option key={r} value={r}>
              turn {r}
            </option>
          ))}
        </select>
      </label>
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
function prefixReuse(events: readonly LoopEvent[], round: number): PrefixCheck | null {
  const responses = events.filter((e) => e.type === 'model-responded');
  const index = responses.findIndex((e) => e.round === round);
  const current = responses[index];
  const promptText = current?.response.trace?.promptText;
  if (!current || promptText === undefined) return null;
  const previous = index > 0 ? responses[index - 1] : undefined;
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
