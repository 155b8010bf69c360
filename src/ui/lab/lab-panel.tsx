/**
 * The teaching lab's controls in the loop panel (one line in loop-panel): predict mode with its form and running
 * score, the loop guards with a meter each, faults armed on tools, and — when the next request pairs results and
 * calls wrongly — what each API and the small-model templates do with it.
 */
import { useMemo, useState } from 'react';
import type { FaultKind, GuardSettings, JsonValue, LabSettings, LoopSettings, PredictedCall } from '../../engine';
import {
  apiVerdicts,
  defaultFault,
  FAULT_KINDS,
  guardMeters,
  GUARDS_OFF,
  predictionDue,
  predictionSummary,
  resultIdsOf,
  templateView,
} from '../../engine';
import { useFormat, useT } from '../../i18n';
import { selectEvents, selectExposed, selectLoop, selectNextRequest, selectSettings } from '../../store/selectors';
import { Disclosure } from '../disclosure';
import { usePlayground, usePlaygroundApi } from '../playground-context';
import { useGuardName } from './lab-entries';
import './lab.css';

/** `opened`: the person opened the lab's line before these controls arrived (see lab-skeleton.tsx). */
export function LabPanel({ opened = false }: { readonly opened?: boolean }) {
  const { t } = useT('lab');
  const { actions } = usePlaygroundApi();
  const settings = usePlayground(selectSettings);
  const lab = settings.lab ?? {};
  const setLab = (change: Partial<LabSettings>) => actions.setSettings({ lab: { ...lab, ...change } });
  return (
    <Disclosure
      className="lab-panel"
      open={opened || lab.predict === true || lab.guards !== undefined}
      summary={t('title')}
    >
      <label className="checkbox" title={t('predictModeHint')}>
        <input type="checkbox" checked={lab.predict === true} onChange={(e) => setLab({ predict: e.target.checked })} />
        {t('predictMode')}
      </label>
      <PredictionArea />
      <GuardControls settings={settings} onChange={(guards) => setLab({ guards })} />
      <ArmedFaults lab={lab} onChange={(faults) => setLab({ faults })} />
      <IdPairingReport />
    </Disclosure>
  );
}

function PredictionArea() {
  const { t } = useT('lab');
  const format = useFormat();
  const events = usePlayground(selectEvents);
  const loop = usePlayground(selectLoop);
  const summary = useMemo(() => predictionSummary(events), [events]);
  const run = loop.settings;
  const due =
    loop.phase === 'prompt' && run && loop.round < run.maxRounds
      ? predictionDue(events, loop.round + 1, run.lab?.predict === true)
      : null;
  return (
    <>
      {summary.records.length > 0 && (
        <p className="small" data-testid="prediction-total">
          {t('score', {
            points: format.number(summary.points, { maximumFractionDigits: 2 }),
            max: summary.maxPoints,
            count: summary.scored,
            perfect: summary.perfect,
          })}
        </p>
      )}
      {due !== null && <PredictForm key={due} round={due} />}
    </>
  );
}

interface DraftCall {
  readonly name: string;
  readonly args: string;
}

function PredictForm({ round }: { round: number }) {
  const { t } = useT('lab');
  const { actions } = usePlaygroundApi();
  const tools = usePlayground(selectLoop).tools;
  const [kind, setKind] = useState<'answer' | 'calls'>('calls');
  const [calls, setCalls] = useState<DraftCall[]>([{ name: tools[0]?.name ?? '', args: '{}' }]);
  const [error, setError] = useState<string | null>(null);
  const update = (i: number, change: Partial<DraftCall>) =>
    setCalls(calls.map((c, j) => (j === i ? { ...c, ...change } : c)));
  const submit = () => {
    if (kind === 'answer') return void actions.predict({ kind: 'answer' });
    const parsed: PredictedCall[] = [];
    for (const [i, call] of calls.entries()) {
      let value: unknown;
      try {
        value = JSON.parse(call.args.trim() === '' ? '{}' : call.args);
      } catch {
        value = null;
      }
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        return setError(t('badJson', { n: i + 1 }));
      }
      parsed.push({ name: call.name, arguments: value as Record<string, JsonValue> });
    }
    setError(null);
    void actions.predict({ kind: 'calls', calls: parsed });
  };
  return (
    <form
      className="lab-predict"
      aria-label={t('predictHeading', { round })}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <strong>{t('predictHeading', { round })}</strong>
      <fieldset className="lab-row">
        <legend className="small">{t('predictKind')}</legend>
        <label className="checkbox">
          <input type="radio" name={`kind-${round}`} checked={kind === 'calls'} onChange={() => setKind('calls')} />
          {t('predictCalls')}
        </label>
        <label className="checkbox">
          <input type="radio" name={`kind-${round}`} checked={kind === 'answer'} onChange={() => setKind('answer')} />
          {t('predictAnswer')}
        </label>
      </fieldset>
      {kind === 'calls' &&
        calls.map((call, i) => (
          <div className="lab-row" key={i}>
            <select
              aria-label={t('predictTool', { n: i + 1 })}
              value={call.name}
              onChange={(e) => update(i, { name: e.target.value })}
            >
              {tools.map((tool) => (
                <option key={tool.name} value={tool.name}>
                  {tool.name}
                </option>
              ))}
            </select>
            <input
              className="lab-args"
              aria-label={t('predictArgs', { n: i + 1 })}
              value={call.args}
              onChange={(e) => update(i, { args: e.target.value })}
            />
            {calls.length > 1 && (
              <button
                type="button"
                className="button button-quiet"
                onClick={() => setCalls(calls.filter((_, j) => j !== i))}
              >
                {t('removeCall', { n: i + 1 })}
              </button>
            )}
          </div>
        ))}
      {error && (
        <p className="anomaly small" role="alert">
          {error}
        </p>
      )}
      <div className="call-buttons">
        {kind === 'calls' && (
          <button
            type="button"
            className="button"
            onClick={() => setCalls([...calls, { name: tools[0]?.name ?? '', args: '{}' }])}
          >
            {t('addCall')}
          </button>
        )}
        <button type="submit" className="button button-primary">
          {t('submitPrediction')}
        </button>
      </div>
    </form>
  );
}

const GUARD_FIELDS = ['repeatWarnAt', 'repeatStopAt', 'tokenSoft', 'tokenBudget', 'roundsSoft'] as const;

function GuardControls({ settings, onChange }: { settings: LoopSettings; onChange: (g: GuardSettings) => void }) {
  const { t } = useT('lab');
  const format = useFormat();
  const guardName = useGuardName();
  const events = usePlayground(selectEvents);
  const guards = settings.lab?.guards ?? GUARDS_OFF;
  const meters = useMemo(() => guardMeters(events, settings), [events, settings]);
  const cap = (n: number) => (n > 0 ? format.number(n) : t('capOff'));
  return (
    <fieldset className="lab-guards">
      <legend>{t('guardsHeading')}</legend>
      <div className="lab-row">
        {GUARD_FIELDS.map((field) => (
          <label key={field} className="inline-field small">
            {t(field)}
            <input
              type="number"
              min={0}
              step={1}
              value={guards[field]}
              onChange={(e) => {
                const value = Math.max(0, Math.floor(Number(e.target.value) || 0));
                onChange({ ...guards, [field]: value });
              }}
            />
          </label>
        ))}
      </div>
      <p className="muted small">{t('capHint')}</p>
      <ul className="lab-meters">
        {meters.map((m) => {
          const max = m.hard > 0 ? m.hard : m.soft > 0 ? m.soft : Math.max(1, m.value);
          return (
            <li key={m.guard} data-testid={`meter-${m.guard}`}>
              <span className="small">{guardName(m.guard)}</span>{' '}
              {(m.soft > 0 || m.hard > 0) && (
                <meter
                  aria-label={guardName(m.guard)}
                  min={0}
                  max={max}
                  low={m.soft > 0 ? m.soft : undefined}
                  high={m.hard > 0 ? m.hard : undefined}
                  value={Math.min(m.value, max)}
                />
              )}{' '}
              <span className="small">
                {t('meter', { value: format.number(m.value), soft: cap(m.soft), hard: cap(m.hard) })}
              </span>
              {m.tripped && (
                <span className={`badge ${m.tripped === 'stop' ? 'badge-error' : 'badge-warn'}`}>
                  {m.tripped === 'stop' ? t('trippedStop') : t('trippedWarn')}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

const NO_FAULT = '';

function ArmedFaults({ lab, onChange }: { lab: LabSettings; onChange: (faults: LabSettings['faults']) => void }) {
  const { t } = useT('lab');
  const exposed = usePlayground(selectExposed);
  const faults = lab.faults ?? {};
  return (
    <fieldset className="lab-faults">
      <legend>{t('faultsHeading')}</legend>
      <p className="muted small">{t('faultsHint')}</p>
      <div className="lab-row">
        {exposed.map((name) => (
          <label key={name} className="inline-field small">
            {t('faultFor', { tool: name })}
            <select
              value={Object.hasOwn(faults, name) ? faults[name]!.kind : NO_FAULT}
              onChange={(e) => {
                const { [name]: _old, ...rest } = faults;
                const kind = e.target.value;
                onChange(kind === NO_FAULT ? rest : { ...rest, [name]: defaultFault(kind as FaultKind) });
              }}
            >
              <option value={NO_FAULT}>{t('noFault')}</option>
              {FAULT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`faultKinds.${k}`)}
                </option>
              ))}
            </select>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function IdPairingReport() {
  const { t } = useT('lab');
  const next = usePlayground(selectNextRequest);
  const loop = usePlayground(selectLoop);
  const report = useMemo(() => {
    if (!next.ok || Object.keys(resultIdsOf(loop)).length === 0) return null;
    return {
      verdicts: apiVerdicts(next.value.messages),
      templates: templateView(loop.history, next.value.messages, next.value.tools),
    };
  }, [next, loop]);
  if (!report) return null;
  return (
    <section className="lab-ids" aria-label={t('apisHeading')} data-testid="id-pairing-report">
      <h3 className="column-title">{t('apisHeading')}</h3>
      <ul>
        {report.verdicts.map((v) => (
          <li key={v.api} className={v.status === 400 ? 'anomaly small' : 'small'} data-testid={`api-${v.api}`}>
            <strong>{t(`apiNames.${v.api}`)}</strong>: {v.status}{' '}
            {v.message !== undefined ? <code>{v.message}</code> : t('apiAccepts')}
          </li>
        ))}
      </ul>
      <h3 className="column-title">{t('templatesHeading')}</h3>
      <ul>
        {report.templates.map((tv) => (
          <li key={tv.format} className="small" data-testid={`template-${tv.format}`}>
            <strong>{tv.label}</strong>: {tv.samePrompt && !tv.idRendered ? t('templateSame') : t('templateDiffers')}
          </li>
        ))}
      </ul>
    </section>
  );
}
