/** The exact request of a model call and the prompt text the model saw (when the runtime can tell). */
import { useMemo } from 'react';
import { messagesSentAt } from '../engine/loop/projections';
import { toOpenAIMessages } from '../engine/messages';
import { actions, useAppStore } from '../store/app-store';

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
  const sent = useMemo(() => (round === null ? [] : messagesSentAt(events, round)), [events, round]);
  if (round === null) return <p className="muted">The request of each model call appears here.</p>;
  return (
    <div className="request-view">
      <label className="inline-field">
        Model call
        <select aria-label="Model call" value={round} onChange={(e) => actions.selectRound(Number(e.target.value))}>
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
            {trace?.promptText ?? '(this runtime does not expose its prompt text)'}
          </pre>
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
