/**
 * The protocol-compare view: the loop's last turn sent again in both modes, side by side — the two request
 * bodies, and what came back: the server's finish reason and the harness's derived one, the text, every call
 * checked the way the harness checks it (parsed, known tool, arguments valid against the schema), tokens and
 * time. The run itself is not changed. Everything shown is plain text.
 */
import { useStore } from 'zustand';
import { useFormat, useT } from '../../i18n';
import { TINY_MODEL_NAME } from '../wllama/gguf/tiny-model';
import type { CompareSide, EndpointStore } from './endpoint-store';
import type { ProtocolMode } from './request-body';

const MODES: readonly ProtocolMode[] = ['server-tools', 'app-protocol'];

export function ProtocolCompare({ endpoint, onClose }: { endpoint: EndpointStore; onClose: () => void }) {
  const { t } = useT('endpoint');
  const compare = useStore(endpoint.store, (s) => s.compare);
  const tiny = useStore(endpoint.store, (s) => s.settings.model.includes(TINY_MODEL_NAME));
  const { actions } = endpoint;
  const running = compare.kind === 'running';
  return (
    <div className="endpoint-compare">
      <header className="endpoint-compare-header">
        <h3>
          {compare.kind === 'idle' ? t('compare.title') : t('compare.titleTurn', { round: compare.request.round })}
        </h3>
        <p className="endpoint-note">
          {t('compare.intro')}
          {tiny && ` ${t('compare.tinyIntro')}`}
        </p>
        <div className="endpoint-compare-actions">
          {running ? (
            <button type="button" onClick={() => actions.cancelCompare()}>
              {t('compare.cancel')}
            </button>
          ) : (
            <button type="button" onClick={() => void actions.compare()}>
              {t('compare.runAgain')}
            </button>
          )}
          <button type="button" onClick={onClose}>
            {t('compare.close')}
          </button>
        </div>
      </header>
      {compare.kind === 'idle' ? (
        <p className="endpoint-note">{t('compare.nothingYet')}</p>
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
  const { t } = useT('endpoint');
  return (
    <section className="endpoint-compare-side" aria-label={t(`modeLabel.${mode}`)} data-testid={`compare-${mode}`}>
      <h4>{t(`modeLabel.${mode}`)}</h4>
      <SideBody side={side} />
    </section>
  );
}

function SideBody({ side }: { side: CompareSide }) {
  const { t } = useT('endpoint');
  const format = useFormat();
  switch (side.status) {
    case 'waiting':
      return <p className="endpoint-note">{t('compare.waiting')}</p>;
    case 'running':
      return (
        <p className="endpoint-note" role="status">
          {t('compare.calling')}
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
            <dt>{t('compare.ranAs')}</dt>
            <dd>{response.backend}</dd>
            <dt>{t('compare.finish')}</dt>
            <dd data-testid="compare-finish">
              {t('compare.server')} <code>{response.finishReason}</code> → {t('compare.derived')}{' '}
              <code>{interpreted.stop.derived}</code>
            </dd>
            <dt>{t('compare.tokens')}</dt>
            <dd>
              {response.usage
                ? t('compare.tokensValue', {
                    prompt: format.number(response.usage.promptTokens),
                    completion: format.number(response.usage.completionTokens),
                  })
                : t('compare.notReported')}
            </dd>
            <dt>{t('compare.time')}</dt>
            <dd>
              {t('compare.timeValue', {
                total: format.duration(response.timings?.totalMs ?? 0),
                first: format.duration(response.timings?.timeToFirstTokenMs ?? 0),
              })}
            </dd>
            <dt>{t('compare.prompt')}</dt>
            <dd>{response.trace?.promptBuiltBy === 'app' ? t('compare.builtByApp') : t('compare.builtByServer')}</dd>
          </dl>
          <h5>{t('compare.toolCalls', { count: checks.length })}</h5>
          {checks.length === 0 ? (
            <p className="endpoint-note">{t('compare.none')}</p>
          ) : (
            <ul className="endpoint-calls" data-testid="compare-calls">
              {checks.map((c) => (
                <li key={c.id} data-valid={c.verdict.ok}>
                  <code>
                    {c.name || t('compare.noName')}({c.argumentsText})
                  </code>{' '}
                  {c.verdict.ok ? (
                    <span className="endpoint-ok">{t('compare.valid')}</span>
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
          <h5>{t('compare.text')}</h5>
          <pre className="endpoint-pre" tabIndex={0} aria-label={t('compare.rawReply')}>
            {response.raw === '' ? t('compare.empty') : response.raw}
          </pre>
          <details open>
            <summary>{t('compare.requestBody')}</summary>
            <pre className="endpoint-pre" tabIndex={0} aria-label={t('compare.requestBody')}>
              {JSON.stringify(response.trace?.requestJson ?? null, null, 2)}
            </pre>
          </details>
          {http?.responseText !== undefined && (
            <details>
              <summary>{t('compare.rawStream')}</summary>
              <pre className="endpoint-pre" tabIndex={0} aria-label={t('compare.rawStream')}>
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
