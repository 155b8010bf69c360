/**
 * The endpoint runtime's Model panel: the server's base URL and a connection check that explains failures by
 * cause (with the fix for each server), the API key (kept in this browser only), the model (listed or typed),
 * the protocol mode — server tools or the app's own protocol, with its format and output constraint — the
 * request knobs, and the protocol-compare view. Everything shown is plain text (server answers are untrusted).
 */
import { useId, useRef } from 'react';
import { useStore } from 'zustand';
import { useFormat, useT } from '../../i18n';
import type { FormatId } from '../../engine';
import { PROMPT_FORMATS } from '../../engine';
import { TINY_MODEL_NAME } from '../wllama/gguf/tiny-model';
import { describeProblem, normalizeBaseUrl } from './connection';
import type { EndpointSettings } from './endpoint-settings';
import { parseExtraBody, resolveFormat } from './endpoint-settings';
import type { EndpointStore } from './endpoint-store';
import { ProtocolCompare } from './protocol-compare';
import type { Constraint } from './request-body';
import { constraintSupport } from './request-body';
import type { ServerKind } from './server-kinds';
import { SERVER_KINDS, SERVERS } from './server-kinds';
import './endpoint-panel.css';

/** Code, not prose: the same in every language. */
const EXTRA_BODY_EXAMPLE = '{"top_k": 20}';

const CONSTRAINTS: readonly Constraint[] = ['none', 'grammar', 'json-schema'];

export function EndpointPanel({ endpoint }: { endpoint: EndpointStore }) {
  const { t } = useT('endpoint');
  const state = useStore(endpoint.store);
  const { settings, connection, apiKey } = state;
  const { actions } = endpoint;
  const server = endpoint.resolveServer();
  const ids = {
    server: useId(),
    url: useId(),
    key: useId(),
    model: useId(),
    models: useId(),
    format: useId(),
    constraint: useId(),
    timeout: useId(),
    maxTokens: useId(),
    temperature: useId(),
    seed: useId(),
    extra: useId(),
    compare: useId(),
  };
  const dialog = useRef<HTMLDialogElement>(null);
  const { format, guessed } = resolveFormat(settings);
  const extra = parseExtraBody(settings.extraBody);
  const normalized = normalizeBaseUrl(settings.baseUrl);
  const checking = connection.kind === 'checking';
  const detectedLabel =
    connection.kind === 'ok' && connection.detected ? SERVERS[connection.detected].label : t('notDetected');

  const openCompare = () => {
    dialog.current?.showModal();
    void actions.compare();
  };

  return (
    <section className="endpoint-panel" aria-label={t('title')}>
      <h3 className="endpoint-title">{t('title')}</h3>
      <p className="endpoint-note">{t('intro')}</p>

      <div className="endpoint-grid">
        <div className="endpoint-column" role="group" aria-label={t('connection')}>
          <form
            className="endpoint-row"
            onSubmit={(e) => {
              e.preventDefault();
              void actions.check();
            }}
          >
            <label htmlFor={ids.url}>{t('baseUrl')}</label>
            <input
              id={ids.url}
              className="endpoint-url"
              type="text"
              inputMode="url"
              spellCheck={false}
              autoComplete="off"
              placeholder={SERVERS[server].defaultBaseUrl}
              value={settings.baseUrl}
              onChange={(e) => actions.update({ baseUrl: e.target.value })}
            />
            <button type="submit" disabled={checking}>
              {checking ? t('checking') : t('check')}
            </button>
          </form>
          <div className="endpoint-row">
            <label htmlFor={ids.server}>{t('server')}</label>
            <select
              id={ids.server}
              value={settings.server}
              onChange={(e) => actions.update({ server: e.target.value as ServerKind | 'auto' })}
            >
              <option value="auto">{t('detect', { detected: detectedLabel })}</option>
              {SERVER_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {SERVERS[kind].label}
                </option>
              ))}
            </select>
            <span className="endpoint-note">
              {t('defaultUrl')} <code>{SERVERS[server].defaultBaseUrl}</code>{' '}
              <button
                type="button"
                className="endpoint-link"
                onClick={() => actions.update({ baseUrl: SERVERS[server].defaultBaseUrl })}
              >
                {t('useIt')}
              </button>
            </span>
          </div>
          <ConnectionStatus endpoint={endpoint} />
          <div className="endpoint-row">
            <label htmlFor={ids.key}>{t('apiKey')}</label>
            <input
              id={ids.key}
              type="password"
              autoComplete="off"
              placeholder={t('apiKeyPlaceholder')}
              value={apiKey}
              onChange={(e) => actions.setApiKey(e.target.value)}
            />
            <p className="endpoint-note endpoint-full" data-testid="endpoint-key-note">
              {t('apiKeyNote')}
            </p>
          </div>
          <div className="endpoint-row">
            <label htmlFor={ids.model}>{t('model')}</label>
            <input
              id={ids.model}
              type="text"
              spellCheck={false}
              autoComplete="off"
              list={ids.models}
              placeholder={t('modelPlaceholder')}
              value={settings.model}
              onChange={(e) => actions.update({ model: e.target.value })}
            />
            {settings.model.includes(TINY_MODEL_NAME) && (
              <p className="endpoint-nonsense endpoint-full" data-testid="endpoint-tiny-note">
                {t('tinyNote')}
              </p>
            )}
            <datalist id={ids.models}>
              {connection.kind === 'ok' && connection.models.map((m) => <option key={m} value={m} />)}
            </datalist>
            {connection.kind === 'ok' && connection.models.length > 1 && (
              <select
                aria-label={t('modelsOnServer')}
                value={connection.models.includes(settings.model) ? settings.model : ''}
                onChange={(e) => actions.update({ model: e.target.value })}
              >
                <option value="" disabled>
                  {t('modelCount', { count: connection.models.length })}
                </option>
                {connection.models.map((m) => (
                  <option key={m} value={m}>
                    {m}
                  </option>
                ))}
              </select>
            )}
          </div>
        </div>

        <div className="endpoint-column" role="group" aria-label={t('protocol')}>
          <fieldset className="endpoint-modes">
            <legend>{t('modeLegend')}</legend>
            {(['server-tools', 'app-protocol'] as const).map((mode) => (
              <label key={mode} className="endpoint-mode">
                <input
                  type="radio"
                  name="endpoint-mode"
                  value={mode}
                  checked={settings.mode === mode}
                  onChange={() => actions.update({ mode })}
                />
                <span>
                  <strong>{t(`modeLabel.${mode}`)}</strong> —{' '}
                  <span className="endpoint-note">{t(`modeText.${mode}`)}</span>
                </span>
              </label>
            ))}
          </fieldset>
          {settings.mode === 'app-protocol' && (
            <AppProtocolOptions endpoint={endpoint} ids={ids} settings={settings} server={server} />
          )}
          {settings.mode === 'app-protocol' && (
            <p className="endpoint-note" data-testid="endpoint-format-line">
              {t(guessed ? 'formatLineGuessed' : 'formatLine', { format: format.label })}
            </p>
          )}
          <div className="endpoint-row">
            <button
              type="button"
              disabled={!state.lastRequest || state.runtime === null}
              onClick={openCompare}
              aria-describedby={ids.compare}
            >
              {t('compareButton')}
            </button>
            <span id={ids.compare} className="endpoint-note">
              {state.lastRequest ? t('compareHint', { round: state.lastRequest.round }) : t('compareHintFirst')}
            </span>
          </div>
        </div>
      </div>

      <details className="endpoint-options">
        <summary>{t('requestOptions')}</summary>
        <div className="endpoint-options-grid">
          <label htmlFor={ids.timeout}>{t('timeout')}</label>
          <input
            id={ids.timeout}
            type="number"
            min={1}
            max={3600}
            value={settings.timeoutS}
            onChange={(e) => {
              const value = Number(e.target.value);
              if (Number.isInteger(value) && value >= 1 && value <= 3600) actions.update({ timeoutS: value });
            }}
          />
          <span className="endpoint-note">{t('timeoutNote')}</span>
          <NumberOption
            id={ids.maxTokens}
            label={t('maxTokens')}
            value={settings.maxTokens}
            integer
            min={1}
            onChange={(maxTokens) => actions.update({ maxTokens })}
          />
          <NumberOption
            id={ids.temperature}
            label={t('temperature')}
            value={settings.temperature}
            min={0}
            max={5}
            onChange={(temperature) => actions.update({ temperature })}
          />
          <NumberOption
            id={ids.seed}
            label={t('seed')}
            value={settings.seed}
            integer
            onChange={(seed) => actions.update({ seed })}
          />
          <label htmlFor={ids.extra}>{t('extraBody')}</label>
          <textarea
            id={ids.extra}
            rows={2}
            spellCheck={false}
            placeholder={EXTRA_BODY_EXAMPLE}
            value={settings.extraBody}
            aria-invalid={!extra.ok}
            onChange={(e) => actions.update({ extraBody: e.target.value })}
          />
          <span className={extra.ok ? 'endpoint-note' : 'endpoint-error'} role={extra.ok ? undefined : 'alert'}>
            {extra.ok ? t('extraBodyNote') : extra.error}
          </span>
        </div>
      </details>

      {state.runtime === null && state.reason !== '' && normalized.ok && (
        <p className="endpoint-note" data-testid="endpoint-not-ready">
          {t('notReady', { reason: state.reason })}
        </p>
      )}

      <dialog
        ref={dialog}
        className="endpoint-compare-dialog"
        aria-label={t('compare.title')}
        onClose={() => actions.cancelCompare()}
      >
        <ProtocolCompare endpoint={endpoint} onClose={() => dialog.current?.close()} />
      </dialog>
    </section>
  );
}

function ConnectionStatus({ endpoint }: { endpoint: EndpointStore }) {
  const { t } = useT('endpoint');
  const format = useFormat();
  const { connection, settings } = useStore(endpoint.store);
  const server = endpoint.resolveServer();
  switch (connection.kind) {
    case 'unchecked':
      return (
        <p className="endpoint-note" role="status" data-testid="endpoint-connection">
          {t('status.unchecked')}
        </p>
      );
    case 'checking':
      return (
        <p className="endpoint-note" role="status" data-testid="endpoint-connection">
          {t('status.checking', { url: connection.url })}
        </p>
      );
    case 'ok':
      return (
        <p className="endpoint-ok" role="status" data-testid="endpoint-connection">
          {t('status.ok', {
            server: connection.detected ? SERVERS[connection.detected].label : t('status.anyServer'),
            url: connection.url,
            ms: format.duration(connection.elapsedMs),
            count: connection.models.length,
          })}
        </p>
      );
    case 'error': {
      const described = describeProblem(
        connection.problem,
        {
          pageOrigin: location.origin,
          baseUrl: connection.url,
          server,
          model: settings.model,
          action: 'GET /models',
        },
        t,
      );
      return (
        <div className="endpoint-problem" role="alert" data-testid="endpoint-connection">
          <p className="endpoint-problem-title">{described.title}</p>
          <p>{described.message}</p>
          {described.fix.length > 0 && (
            <pre className="endpoint-fix" aria-label={t('status.howToFix')}>
              {described.fix.join('\n')}
            </pre>
          )}
        </div>
      );
    }
    default: {
      const never: never = connection;
      return never;
    }
  }
}

function AppProtocolOptions({
  endpoint,
  ids,
  settings,
  server,
}: {
  endpoint: EndpointStore;
  ids: { format: string; constraint: string };
  settings: EndpointSettings;
  server: ServerKind;
}) {
  const { t } = useT('endpoint');
  const { actions } = endpoint;
  const { format } = resolveFormat(settings);
  const support = constraintSupport(settings.constraint, format, server);
  return (
    <div className="endpoint-app-options">
      <div className="endpoint-row">
        <label htmlFor={ids.format}>{t('promptFormat')}</label>
        <select
          id={ids.format}
          value={settings.format}
          onChange={(e) => actions.update({ format: e.target.value as FormatId | 'auto' })}
        >
          <option value="auto">{t('guessFormat')}</option>
          {(Object.keys(PROMPT_FORMATS) as FormatId[]).map((id) => (
            <option key={id} value={id}>
              {PROMPT_FORMATS[id].label}
            </option>
          ))}
        </select>
      </div>
      <div className="endpoint-row">
        <label htmlFor={ids.constraint}>{t('constraint')}</label>
        <select
          id={ids.constraint}
          value={settings.constraint}
          aria-invalid={!support.ok}
          onChange={(e) => actions.update({ constraint: e.target.value as Constraint })}
        >
          {CONSTRAINTS.map((c) => {
            const ok = constraintSupport(c, format, server).ok;
            return (
              <option key={c} value={c}>
                {t(`constraintLabel.${c}`)}
                {ok ? '' : t('constraintUnsupported')}
              </option>
            );
          })}
        </select>
        {!support.ok && (
          <p className="endpoint-error endpoint-full" role="alert">
            {support.error}
          </p>
        )}
      </div>
    </div>
  );
}

function NumberOption(props: {
  id: string;
  label: string;
  value: number | null;
  integer?: boolean;
  min?: number;
  max?: number;
  onChange: (value: number | null) => void;
}) {
  const { t } = useT('endpoint');
  return (
    <>
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        type="number"
        step={props.integer ? 1 : 'any'}
        min={props.min}
        max={props.max}
        placeholder={t('serverDefault')}
        value={props.value ?? ''}
        onChange={(e) => {
          if (e.target.value === '') return props.onChange(null);
          const value = Number(e.target.value);
          const fits =
            Number.isFinite(value) &&
            (!props.integer || Number.isInteger(value)) &&
            (props.min === undefined || value >= props.min) &&
            (props.max === undefined || value <= props.max);
          if (fits) props.onChange(value);
        }}
      />
      <span className="endpoint-note">{t('blankDefault')}</span>
    </>
  );
}
