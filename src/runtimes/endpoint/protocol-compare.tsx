/**
 * The protocol-compare view: the loop's last turn sent again in both modes, side by side — the two request
 * bodies, and what came back: the server's finish reason and the harness's derived one, the text, every call
 * checked the way the harness checks it (parsed, known tool, arguments valid against the schema), tokens and
 * time. The run itself is not changed. Everything shown is plain text.
 */
import { useStore } from 'zustand';
import { TINY_MODEL_NAME } from '../wllama/gguf/tiny-model';
import type { CompareSide } from './endpoint-store';
import { endpointStore } from './endpoint-store';
import type { ProtocolMode } from './request-body';
import { PROTOCOL_MODE_LABEL } from './request-body';

const MODES: readonly ProtocolMode[] = ['server-tools', 'app-protocol'];

export function ProtocolCompare({ onClose }: { onClose: () => void }) {
  const compare = useStore(endpointStore.store, (s) => s.compare);
  const tiny = useStore(endpointStore.store, (s) => s.settings.model.includes(TINY_MODEL_NAME));
  const { actions } = endpointStore;
  const running = compare.kind === 'running';
  return (
    <div className="endpoint-compare">
      <header className="endpoint-compare-header">
        <h3>
          Protocol compare
          {compare.kind !== 'idle' && ` · turn ${compare.request.round}`}
        </h3>
        <p className="endpoint-note">
          The same messages and tools, sent once with the server parsing tool calls and once with the app’s own
          protocol. Nothing here changes the run.
          {tiny && ' The tiny random test model writes nonsense by design: compare the structure, not the words.'}
        </p>
        <div className="endpoint-compare-actions">
          {running ? (
            <button type="button" onClick={() => actions.cancelCompare()}>
              Cancel
            </button>
          ) : (
            <button type="button" onClick={() => void actions.compare()}>
              Run again
            </button>
          )}
          <button type="button" onClick={onClose}>
            Close
          </button>
        </div>
      </header>
      {compare.kind === 'idle' ? (
        <p className="endpoint-note">Nothing compared yet.</p>
      ) : (
        <div className="endpoint-compare-columns">
          {MODES.map((mode) => (
            <Side key={mode} mode={mode} side={compare.sides[mode]} />
          ))}
        </div>
      )}
    </div>
  );
}

function Side({ mode, side }: { mode: ProtocolMode; side: CompareSide }) {
  return (
    <section className="endpoint-compare-side" aria-label={PROTOCOL_MODE_LABEL[mode]} data-testid={`compare-${mode}`}>
      <h4>{PROTOCOL_MODE_LABEL[mode]}</h4>
      <SideBody side={side} />
    </section>
  );
}

function SideBody({ side }: { side: CompareSide }) {
  switch (side.status) {
    case 'waiting':
      return <p className="endpoint-note">Waiting for the other mode…</p>;
    case 'running':
      return (
        <p className="endpoint-note" role="status">
          Calling the server…
        </p>
      );
    case 'error':
      return (
        <p className="endpoint-error" role="alert">
          {side.message}
        </p>
      );
    case 'done': {
      const { response, interpreted, checks } = side;
      const http = response.trace?.http;
      return (
        <>
          {side.note && <p className="endpoint-note">{side.note}</p>}
          <dl className="endpoint-facts">
            <dt>Ran as</dt>
            <dd>{response.backend}</dd>
            <dt>Finish</dt>
            <dd data-testid="compare-finish">
              server <code>{response.finishReason}</code> → derived <code>{interpreted.stop.derived}</code>
            </dd>
            <dt>Tokens</dt>
            <dd>
              {response.usage
                ? `${response.usage.promptTokens} prompt + ${response.usage.completionTokens} completion`
                : 'not reported'}
            </dd>
            <dt>Time</dt>
            <dd>
              {Math.round(response.timings?.totalMs ?? 0)} ms (first token after{' '}
              {Math.round(response.timings?.timeToFirstTokenMs ?? 0)} ms)
            </dd>
            <dt>Prompt</dt>
            <dd>
              {response.trace?.promptBuiltBy === 'app'
                ? 'built by the app'
                : 'built by the server from its chat template'}
            </dd>
          </dl>
          <h5>Tool calls ({checks.length})</h5>
          {checks.length === 0 ? (
            <p className="endpoint-note">None.</p>
          ) : (
            <ul className="endpoint-calls" data-testid="compare-calls">
              {checks.map((c) => (
                <li key={c.id} data-valid={c.verdict.ok}>
                  <code>
                    {c.name || '(no name)'}({c.argumentsText})
                  </code>{' '}
                  {c.verdict.ok ? (
                    <span className="endpoint-ok">✓ valid: the harness would run it</span>
                  ) : (
                    <span className="endpoint-error">✗ {c.verdict.error}</span>
                  )}
                </li>
              ))}
            </ul>
          )}
          {interpreted.stop.anomalies.length > 0 && (
            <ul className="endpoint-anomalies">
              {interpreted.stop.anomalies.map((a) => (
                <li key={a.kind}>{a.detail}</li>
              ))}
            </ul>
          )}
          <h5>Text</h5>
          <pre className="endpoint-pre" tabIndex={0} aria-label="Raw reply">
            {response.raw === '' ? '(none)' : response.raw}
          </pre>
          <details open>
            <summary>Request body</summary>
            <pre className="endpoint-pre" tabIndex={0} aria-label="Request body">
              {JSON.stringify(response.trace?.requestJson ?? null, null, 2)}
            </pre>
          </details>
          {http?.responseText !== undefined && (
            <details>
              <summary>Raw SSE stream</summary>
              <pre className="endpoint-pre" tabIndex={0} aria-label="Raw SSE stream">
                {http.responseText}
              </pre>
            </details>
          )}
        </>
      );
    }
    default: {
      const never: never = side;
      return never;
    }
  }
}
