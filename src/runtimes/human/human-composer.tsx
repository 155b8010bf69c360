/** "You are the model": write the assistant turn — text and/or tool calls with ids — and the finish reason. */
import { useState, useSyncExternalStore } from 'react';
import type { HumanRuntime } from '../../engine/runtimes/human';
import type { FinishReason } from '../../engine/stop-reasons';

interface DraftCall {
  id: string;
  name: string;
  argumentsText: string;
}

const FINISH_CHOICES: FinishReason[] = ['stop', 'tool_calls', 'length', 'content_filter'];

/** Shown while the human runtime is selected; opens when the loop waits for a model turn. */
export function HumanComposer({ runtime }: { readonly runtime: HumanRuntime }) {
  const request = useSyncExternalStore(runtime.subscribe, runtime.getPendingRequest);
  const [text, setText] = useState('');
  const [calls, setCalls] = useState<DraftCall[]>([]);
  const [finish, setFinish] = useState<FinishReason>('stop');
  const [error, setError] = useState<string | null>(null);
  if (!request) return null;

  const toolNames = request.tools.map((t) => t.name);
  const addCall = () =>
    setCalls((cs) => [
      ...cs,
      { id: `call_${request.round}_${cs.length + 1}`, name: toolNames[0] ?? '', argumentsText: '{}' },
    ]);
  const update = (i: number, patch: Partial<DraftCall>) =>
    setCalls((cs) => cs.map((c, j) => (j === i ? { ...c, ...patch } : c)));

  const submit = () => {
    const result = runtime.submit({ text, toolCalls: calls, finishReason: finish });
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setText('');
    setCalls([]);
    setFinish('stop');
    setError(null);
  };

  return (
    <section className="composer" aria-label="You are the model">
      <h2>You are the model — turn {request.round}</h2>
      <p className="muted small">
        The request carries {request.messages.length} messages and {request.tools.length} tools. Write the assistant
        turn; it is rendered as raw text with <code>&lt;tool_call&gt;</code> blocks and parsed like a real model’s.
      </p>
      <label className="field">
        <span>Assistant text</span>
        <textarea aria-label="Assistant text" rows={3} value={text} onChange={(e) => setText(e.target.value)} />
      </label>
      {calls.map((call, i) => (
        <fieldset key={i} className="composer-call">
          <legend>Tool call {i + 1}</legend>
          <label className="inline-field">
            id
            <input
              aria-label={`Call ${i + 1} id`}
              value={call.id}
              onChange={(e) => update(i, { id: e.target.value })}
            />
          </label>
          <label className="inline-field">
            tool
            <input
              aria-label={`Call ${i + 1} tool name`}
              list="composer-tool-names"
              value={call.name}
              onChange={(e) => update(i, { name: e.target.value })}
            />
          </label>
          <label className="field">
            <span>arguments (JSON)</span>
            <textarea
              aria-label={`Call ${i + 1} arguments`}
              rows={2}
              value={call.argumentsText}
              onChange={(e) => update(i, { argumentsText: e.target.value })}
            />
          </label>
          <button
            type="button"
            className="button button-quiet"
            onClick={() => setCalls((cs) => cs.filter((_, j) => j !== i))}
          >
            Remove call {i + 1}
          </button>
        </fieldset>
      ))}
      <datalist id="composer-tool-names">
        {toolNames.map((n) => (
          <option key={n} value={n} />
        ))}
      </datalist>
      <div className="composer-row">
        <button type="button" className="button" onClick={addCall}>
          Add tool call
        </button>
        <label className="inline-field">
          Finish reason
          <select aria-label="Finish reason" value={finish} onChange={(e) => setFinish(e.target.value as FinishReason)}>
            {FINISH_CHOICES.map((f) => (
              <option key={f} value={f}>
                {f}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="button button-primary" onClick={submit}>
          Send as the model
        </button>
      </div>
      {error && (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
