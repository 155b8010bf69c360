/**
 * The Advisors tab: the chain as three lanes (outside the loop / the loop advisor / inside the loop) with editable
 * orders, per-advisor hook counts and what each hook saw, the memory's contents, the run's sequence diagram, the
 * metrics advisor's panel and side-by-side comparisons. Editing an order (or dragging a card to the other lane)
 * moves the advisor across the boundary; the change applies to the next advisor-controlled request.
 */
import type { DragEvent } from 'react';
import { useMemo, useState } from 'react';
import type {
  ActivityScope,
  AdvisorActivity,
  AdvisorConfig,
  AdvisorHook,
  AdvisorSpec,
  CommandResult,
  JsonSchema,
  Lane,
  LoopControl,
  LoopEvent,
} from '../../engine';
import {
  ADVISOR_HOOKS,
  advisorNames,
  assignLanes,
  chainActivity,
  formatOrder,
  formatOrderShort,
  HIGHEST_PRECEDENCE,
  loopMetrics,
  loopOrderOf,
  LOWEST_PRECEDENCE,
  memoryStores,
  moveOrder,
  parseOrder,
  sequenceDiagram,
  timesRan,
  validationReports,
} from '../../engine';
import { useT } from '../../i18n';
import { useAdvisorLabels } from './advisor-labels';
import { AdvisorMetrics } from './advisor-metrics';
import type { ComparisonSourceResult } from './compare-panel';
import { ComparePanel } from './compare-panel';
import { describeStoredMessage } from './describe';
import { orderTies } from './order-ties';
import { SequenceDiagramView } from './sequence-diagram';
import { ValidationChecks, ValidationSchemaField } from './validation-schema';
import { ShortenHookField } from '../lessons/shorten-hook-field';
import './advisors.css';
import { useEngineText } from '../engine-text/engine-text';

export interface AdvisorsViewProps {
  /** The workspace's advisor chain: the one the advisor-controlled loop builds its next request from. */
  readonly config: AdvisorConfig;
  /** Makes a changed chain the workspace's; a chain that cannot be built is refused with the reason. */
  readonly onConfigure: (config: AdvisorConfig) => CommandResult;
  /** The current run's log (either loop control). */
  readonly events: readonly LoopEvent[];
  readonly loopControl?: LoopControl;
  readonly onLoopControlChange?: (control: LoopControl) => void;
  /** The current scenario for the side-by-side comparisons; omit to hide them. */
  readonly comparisonSource?: () => ComparisonSourceResult;
  /**
   * Which run and scenario the view describes (e.g. "seoul-time-math:run-3"): a comparison made for one is dropped
   * when it changes (a new run, another scenario), so it never describes a run it was not made for.
   */
  readonly runKey?: string;
}

/** The lanes, left to right as the request passes them (the diagram draws its participants in the same order). */
const LANES: readonly Lane[] = ['outside', 'loop', 'inside'];

export function AdvisorsView({
  config,
  onConfigure,
  events,
  loopControl,
  onLoopControlChange,
  comparisonSource,
  runKey,
}: AdvisorsViewProps) {
  const { t } = useT('advisors');
  const [scope, setScope] = useState<ActivityScope>('request');
  const [error, setError] = useState<string | null>(null);
  const words = useEngineText();

  const names = useMemo(() => advisorNames(config), [config]);
  const labels = useAdvisorLabels(config);
  const lanes = useMemo(() => assignLanes(config), [config]);
  const loopOrder = loopOrderOf(config);
  const activity = useMemo(() => chainActivity(events, scope), [events, scope]);
  const stores = useMemo(() => memoryStores(events, scope), [events, scope]);
  const metrics = useMemo(() => loopMetrics(events, scope), [events, scope]);
  const diagram = useMemo(() => sequenceDiagram(events, scope), [events, scope]);
  const validation = useMemo(() => validationReports(events, scope), [events, scope]);
  const memoryInside = config.advisors.some((s) => s.enabled && s.kind === 'memory' && lanes.get(s.id) === 'inside');

  const configure = (next: AdvisorConfig): string | null => {
    const result = onConfigure(next);
    const refused = result.ok ? null : words.refusal(result.error);
    setError(refused);
    return refused;
  };
  const update = (id: string, patch: Partial<AdvisorSpec>): string | null =>
    configure({ advisors: config.advisors.map((s) => (s.id === id ? { ...s, ...patch } : s)) });
  const moveTo = (id: string, lane: Lane) => {
    if (lane === 'loop') return;
    const order = moveOrder(config, id, lane);
    if (order !== null) update(id, { order });
  };

  const onDrop = (lane: Lane) => (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    const id = event.dataTransfer.getData('text/plain');
    const spec = config.advisors.find((s) => s.id === id);
    if (spec && spec.kind !== 'tool-calling') moveTo(id, lane);
  };

  const requestChanged = activity.chain !== null && !sameChain(activity.chain.advisors, config, names);
  const ties = useMemo(() => orderTies(config.advisors), [config]);

  return (
    <div className="advisors">
      {loopControl && onLoopControlChange && (
        <fieldset className="advisors-control">
          <legend>{t('control.legend')}</legend>
          <label>
            <input
              type="radio"
              name="advisors-loop-control"
              checked={loopControl === 'manual'}
              onChange={() => onLoopControlChange('manual')}
            />
            {t('control.manual')}
          </label>
          <label>
            <input
              type="radio"
              name="advisors-loop-control"
              checked={loopControl === 'advisor'}
              onChange={() => onLoopControlChange('advisor')}
            />
            {t('control.advisor')}
          </label>
        </fieldset>
      )}

      <div className="advisors-toolbar" role="group" aria-label={t('scope.label')}>
        <span className="muted small">{t('scope.label')}</span>
        <label className="advisors-radio">
          <input
            type="radio"
            name="advisors-scope"
            checked={scope === 'request'}
            onChange={() => setScope('request')}
          />
          {t('scope.request')}
        </label>
        <label className="advisors-radio">
          <input type="radio" name="advisors-scope" checked={scope === 'run'} onChange={() => setScope('run')} />
          {t('scope.run')}
        </label>
        <span className="muted small" data-testid="advisors-model-calls">
          {t('scope.modelCalls', { count: activity.modelCalls })}
        </span>
      </div>

      {error && (
        <p role="alert" className="advisors-error">
          {error}
        </p>
      )}
      <p className="small" data-testid="internal-history">
        {t('history.label')}{' '}
        <strong>
          {loopControl === 'manual'
            ? t('history.manual')
            : loopOrder === null
              ? t('history.noLoop')
              : memoryInside
                ? t('history.off')
                : t('history.on')}
        </strong>
        {requestChanged && <span className="muted">{t('chainChanged')}</span>}
      </p>

      {ties.map((tie) => (
        <p key={tie.order} role="status" className="notice advisors-tie" data-testid="advisors-tie">
          {t('ties.warning', {
            names: tie.ids.map((id) => labels.byId.get(id) ?? id).join(', '),
            order: formatOrderShort(tie.order),
            first: labels.byId.get(tie.ids[0]!) ?? tie.ids[0],
          })}
        </p>
      ))}

      <div className="advisors-lanes">
        {LANES.map((lane) => (
          <section
            key={lane}
            className={`advisors-lane advisors-lane-${lane}`}
            aria-label={t(`lanes.${lane}.title`)}
            data-testid={`lane-${lane}`}
            onDragOver={(e) => lane !== 'loop' && e.preventDefault()}
            onDrop={onDrop(lane)}
          >
            <h3>{t(`lanes.${lane}.title`)}</h3>
            <p className="muted small" data-testid={`lane-caption-${lane}`}>
              {t(`lanes.${lane}.caption`)}
            </p>
            <ol className="advisors-cards">
              {sortSpecs(config.advisors.filter((s) => lanes.get(s.id) === lane)).map((spec) => (
                <AdvisorCard
                  key={spec.id}
                  spec={spec}
                  name={labels.byId.get(spec.id)!}
                  lane={lane}
                  loopOrder={loopOrder}
                  activity={activity.advisors.find((a) => a.name === names.get(spec.id))}
                  onOrder={(order) => update(spec.id, { order })}
                  onToggle={(enabled) => update(spec.id, { enabled })}
                  onRetries={(maxRepeatAttempts) => update(spec.id, { maxRepeatAttempts })}
                  onSchema={(outputSchema) => update(spec.id, { outputSchema })}
                  onShorten={(shortenToolResults) => update(spec.id, { shortenToolResults })}
                  onMove={(to) => moveTo(spec.id, to)}
                />
              ))}
            </ol>
          </section>
        ))}
      </div>

      <p className="muted small">{t('ordersHelp', { highest: HIGHEST_PRECEDENCE, lowest: LOWEST_PRECEDENCE })}</p>

      <section className="advisors-section" aria-label={t('memory.label')}>
        <h3>{t('memory.title')}</h3>
        {stores.length === 0 ? (
          <p className="muted small">{t('memory.empty')}</p>
        ) : (
          <ol className="advisors-plain small" data-testid="memory-stored">
            {stores.flatMap((s, i) =>
              s.stored.map((m, j) => (
                <li key={`${i}-${j}`}>
                  <span className="muted">{t('memory.when', { hook: hookLabel(t, s.hook), count: s.round })}</span>{' '}
                  {describeStoredMessage(m, t)}
                </li>
              )),
            )}
          </ol>
        )}
        <p className="muted small">{t('memory.explain')}</p>
      </section>

      {validation.length > 0 && (
        <section className="advisors-section" aria-label={t('sections.validation')}>
          <h3>{t('sections.validationTitle')}</h3>
          <ValidationChecks reports={validation} labelOf={labels.ofName} />
        </section>
      )}

      <section className="advisors-section" aria-label={t('sections.sequence')}>
        <h3>{t('sections.sequence')}</h3>
        <SequenceDiagramView diagram={diagram} fileStem={`sequence-${scope}`} />
      </section>

      <section className="advisors-section" aria-label={t('sections.metrics')}>
        <h3>{t('sections.metricsTitle')}</h3>
        <AdvisorMetrics metrics={metrics} labelOf={labels.ofName} />
      </section>

      {comparisonSource && (
        <section className="advisors-section" aria-label={t('sections.compare')}>
          <h3>{t('sections.compare')}</h3>
          <ComparePanel key={runKey ?? runKeyOf(events)} config={config} source={comparisonSource} />
        </section>
      )}
    </div>
  );
}

/** The run the events are of: its id, or "none" before the run starts. */
function runKeyOf(events: readonly LoopEvent[]): string {
  const first = events[0];
  return first?.type === 'run-started' ? first.runId : 'none';
}

function sortSpecs(specs: readonly AdvisorSpec[]): AdvisorSpec[] {
  return [...specs].sort((a, b) => a.order - b.order);
}

function sameChain(
  ran: readonly { name: string; order: number }[],
  config: AdvisorConfig,
  names: Map<string, string>,
): boolean {
  const now = config.advisors
    .filter((s) => s.enabled)
    .map((s) => `${names.get(s.id)}@${s.order}`)
    .sort();
  return JSON.stringify(now) === JSON.stringify(ran.map((a) => `${a.name}@${a.order}`).sort());
}

type AdvisorsT = ReturnType<typeof useT<'advisors'>>['t'];

/** A hook in the page's words (`hooks.<hook>`); a hook the engine does not list shows as it is spelled. */
export function hookLabel(t: AdvisorsT, hook: string): string {
  return (ADVISOR_HOOKS as readonly string[]).includes(hook) ? t(`hooks.${hook as AdvisorHook}`) : hook;
}

interface CardProps {
  readonly spec: AdvisorSpec;
  readonly name: string;
  readonly lane: Lane;
  readonly loopOrder: number | null;
  readonly activity: AdvisorActivity | undefined;
  readonly onOrder: (order: number) => string | null;
  readonly onToggle: (enabled: boolean) => void;
  readonly onRetries: (retries: number) => void;
  readonly onSchema: (schema: JsonSchema) => string | null;
  readonly onShorten: (limit: number | undefined) => void;
  readonly onMove: (lane: Lane) => void;
}

function AdvisorCard({
  spec,
  name,
  lane,
  loopOrder,
  activity,
  onOrder,
  onToggle,
  onRetries,
  onSchema,
  onShorten,
  onMove,
}: CardProps) {
  const { t } = useT('advisors');
  const [draft, setDraft] = useState<string | null>(null);
  const [orderError, setOrderError] = useState<string | null>(null);
  const ran = activity ? timesRan(activity) : 0;
  const isLoop = spec.kind === 'tool-calling';

  const commit = () => {
    if (draft === null) return;
    const parsed = parseOrder(draft);
    if (!parsed.ok) {
      setOrderError(t(`orderErrors.${parsed.error.code}`));
      return;
    }
    const refused = onOrder(parsed.value);
    setOrderError(refused);
    if (!refused) setDraft(null);
  };

  return (
    <li
      className={`advisors-card${spec.enabled ? '' : ' advisors-card-off'}`}
      data-testid={`advisor-${spec.id}`}
      draggable={!isLoop}
      onDragStart={(e) => e.dataTransfer.setData('text/plain', spec.id)}
    >
      <div className="advisors-card-head">
        <label className="advisors-card-name">
          <input type="checkbox" checked={spec.enabled} onChange={(e) => onToggle(e.target.checked)} />
          <span>{name}</span>
        </label>
        <span className="advisors-count" data-testid={`advisor-count-${spec.id}`} title={t('card.timesRan')}>
          {ran}×
        </span>
      </div>
      <label className="advisors-order">
        <span className="muted small">{t('card.order')}</span>
        <input
          type="text"
          spellCheck={false}
          aria-label={t('card.orderOf', { name })}
          aria-invalid={orderError !== null}
          title={formatOrder(spec.order)}
          value={draft ?? formatOrderShort(spec.order)}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commit();
            if (e.key === 'Escape') {
              setDraft(null);
              setOrderError(null);
            }
          }}
        />
      </label>
      {orderError && (
        <p role="alert" className="advisors-error small">
          {orderError}
        </p>
      )}
      {!isLoop && loopOrder !== null && (
        <button
          type="button"
          className="button button-quiet advisors-move"
          aria-label={lane === 'inside' ? t('card.moveOutsideLabel', { name }) : t('card.moveInsideLabel', { name })}
          onClick={() => onMove(lane === 'inside' ? 'outside' : 'inside')}
        >
          {lane === 'inside' ? t('card.moveOutside') : t('card.moveInside')}
        </button>
      )}
      {spec.kind === 'validation' && (
        <label className="advisors-order">
          <span className="muted small">{t('card.retries')}</span>
          <input
            type="number"
            min={0}
            max={10}
            aria-label={t('card.retriesOf', { name })}
            value={spec.maxRepeatAttempts ?? 3}
            onChange={(e) => onRetries(Math.max(0, Math.min(10, Math.trunc(Number(e.target.value) || 0))))}
          />
        </label>
      )}
      {spec.kind === 'validation' && <ValidationSchemaField spec={spec} name={name} onSchema={onSchema} />}
      {isLoop && <ShortenHookField spec={spec} onChange={onShorten} />}
      {activity && (
        <p className="small advisors-hooks" data-testid={`advisor-hooks-${spec.id}`}>
          {Object.entries(activity.counts)
            .map(([hook, count]) => t('card.hookCount', { hook: hookLabel(t, hook), count }))
            .join(' · ')}
        </p>
      )}
      {activity && activity.hooks.length > 0 && (
        <details className="advisors-seen">
          <summary>{t('card.saw', { name })}</summary>
          <ol className="advisors-plain small">
            {activity.hooks.map((h, i) => (
              <li key={i}>
                <span className="muted">
                  {t('card.seenAt', { hook: hookLabel(t, h.hook), count: h.round, roles: h.sees.roles.join(', ') })}
                </span>{' '}
                {h.sees.summary}
              </li>
            ))}
          </ol>
        </details>
      )}
    </li>
  );
}
