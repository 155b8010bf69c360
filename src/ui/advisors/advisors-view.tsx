/**
 * The Advisors tab: the chain as three lanes (outside the loop / the loop advisor / inside the loop) with editable
 * orders, per-advisor hook counts and what each hook saw, the memory's contents, the run's sequence diagram, the
 * metrics advisor's panel and side-by-side comparisons. Editing an order (or dragging a card to the other lane)
 * moves the advisor across the boundary; the change applies to the next advisor-controlled request.
 */
import type { DragEvent } from 'react';
import { useCallback, useMemo, useState, useSyncExternalStore } from 'react';
import type { CommandResult } from '../../engine/loop/controller';
import type { LoopEvent } from '../../engine/loop/events';
import type { LoopControl } from '../../engine/loop/workspace';
import type { ActivityScope, AdvisorActivity } from '../../engine/advisors/projections';
import {
  chainActivity,
  loopMetrics,
  memoryStores,
  timesRan,
  validationReports,
} from '../../engine/advisors/projections';
import {
  formatOrder,
  formatOrderShort,
  HIGHEST_PRECEDENCE,
  LOWEST_PRECEDENCE,
  parseOrder,
} from '../../engine/advisors/order';
import type { AdvisorConfig, AdvisorSpec, Lane } from '../../engine/advisors/setup';
import { advisorNames, assignLanes, loopOrderOf } from '../../engine/advisors/setup';
import type { JsonSchema } from '../../engine/tool';
import { sequenceDiagram } from '../../engine/advisors/sequence';
import type { AdvisorHook } from '../../engine/advisors/types';
import { useT } from '../../i18n';
import { AdvisorMetrics } from './advisor-metrics';
import type { ComparisonSourceResult } from './compare-panel';
import { ComparePanel } from './compare-panel';
import { describeStoredMessage } from './describe';
import { orderTies } from './order-ties';
import { SequenceDiagramView } from './sequence-diagram';
import { ValidationChecks, ValidationSchemaField } from './validation-schema';
import { ShortenHookField } from '../lessons/shorten-hook-field';
import './advisors.css';

/** What the view needs of the advisor loop controller. */
export interface AdvisorHost {
  getAdvisorConfig(): AdvisorConfig;
  configureAdvisors(config: AdvisorConfig): CommandResult;
  subscribe(listener: () => void): () => void;
}

export interface AdvisorsViewProps {
  readonly host: AdvisorHost;
  /** The current run's log (either loop control). */
  readonly events: readonly LoopEvent[];
  readonly loopControl?: LoopControl;
  readonly onLoopControlChange?: (control: LoopControl) => void;
  /** The current scenario for the side-by-side comparisons; omit to hide them. */
  readonly comparisonSource?: () => ComparisonSourceResult;
}

/** The lanes, left to right as the request passes them (the diagram draws its participants in the same order). */
const LANES: readonly Lane[] = ['outside', 'loop', 'inside'];

/** How far from the loop advisor a moved or dropped advisor lands. */
const MOVE_STEP = 100;

export function AdvisorsView({ host, events, loopControl, onLoopControlChange, comparisonSource }: AdvisorsViewProps) {
  const { t } = useT('advisors');
  const subscribe = useCallback((listener: () => void) => host.subscribe(listener), [host]);
  const getConfig = useCallback(() => host.getAdvisorConfig(), [host]);
  const config = useSyncExternalStore(subscribe, getConfig);
  const [scope, setScope] = useState<ActivityScope>('request');
  const [error, setError] = useState<string | null>(null);

  const names = useMemo(() => advisorNames(config), [config]);
  const lanes = useMemo(() => assignLanes(config), [config]);
  const loopOrder = loopOrderOf(config);
  const activity = useMemo(() => chainActivity(events, scope), [events, scope]);
  const stores = useMemo(() => memoryStores(events, scope), [events, scope]);
  const metrics = useMemo(() => loopMetrics(events, scope), [events, scope]);
  const diagram = useMemo(() => sequenceDiagram(events, scope), [events, scope]);
  const validation = useMemo(() => validationReports(events, scope), [events, scope]);
  const memoryInside = config.advisors.some((s) => s.enabled && s.kind === 'memory' && lanes.get(s.id) === 'inside');

  const configure = (next: AdvisorConfig): string | null => {
    const result = host.configureAdvisors(next);
    setError(result.ok ? null : result.error);
    return result.ok ? null : result.error;
  };
  const update = (id: string, patch: Partial<AdvisorSpec>): string | null =>
    configure({ advisors: config.advisors.map((s) => (s.id === id ? { ...s, ...patch } : s)) });
  const moveTo = (id: string, lane: Lane) => {
    if (loopOrder === null || lane === 'loop') return;
    update(id, { order: lane === 'inside' ? loopOrder + MOVE_STEP : loopOrder - MOVE_STEP });
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
          <legend>Loop control</legend>
          <label>
            <input
              type="radio"
              name="advisors-loop-control"
              checked={loopControl === 'manual'}
              onChange={() => onLoopControlChange('manual')}
            />
            Manual (you drive the model and the tools; no advisors)
          </label>
          <label>
            <input
              type="radio"
              name="advisors-loop-control"
              checked={loopControl === 'advisor'}
              onChange={() => onLoopControlChange('advisor')}
            />
            Advisor-controlled (the chain drives; the same Step / Run to end / Stop)
          </label>
        </fieldset>
      )}

      <div className="advisors-toolbar" role="group" aria-label="Counts for">
        <span className="muted small">Counts for</span>
        <label className="advisors-radio">
          <input
            type="radio"
            name="advisors-scope"
            checked={scope === 'request'}
            onChange={() => setScope('request')}
          />
          this request
        </label>
        <label className="advisors-radio">
          <input type="radio" name="advisors-scope" checked={scope === 'run'} onChange={() => setScope('run')} />
          whole run
        </label>
        <span className="muted small" data-testid="advisors-model-calls">
          {activity.modelCalls} model call(s)
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
        {requestChanged && (
          <span className="muted"> · the chain changed since the last request: the counts are from the old one</span>
        )}
      </p>

      {ties.map((tie) => (
        <p key={tie.order} role="status" className="notice advisors-tie" data-testid="advisors-tie">
          {t('ties.warning', {
            names: tie.ids.map((id) => names.get(id) ?? id).join(', '),
            order: formatOrderShort(tie.order),
            first: names.get(tie.ids[0]!) ?? tie.ids[0],
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
                  name={names.get(spec.id)!}
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

      <p className="muted small">
        Orders: H = HIGHEST_PRECEDENCE ({HIGHEST_PRECEDENCE}), L = LOWEST_PRECEDENCE ({LOWEST_PRECEDENCE}); lower runs
        first on the request and last on the response. Type an order (H+400, L-2000, 0) and press Enter, use the move
        buttons, or drag a card to the other lane. Changes apply to the next request.
      </p>

      <section className="advisors-section" aria-label="Chat memory">
        <h3>What the chat memory stored</h3>
        {stores.length === 0 ? (
          <p className="muted small">Nothing yet: run with the advisor-controlled loop and the memory advisor on.</p>
        ) : (
          <ol className="advisors-plain small" data-testid="memory-stored">
            {stores.flatMap((s, i) =>
              s.stored.map((m, j) => (
                <li key={`${i}-${j}`}>
                  <span className="muted">
                    [{s.hook}, after {s.round} model call(s)]
                  </span>{' '}
                  {describeStoredMessage(m)}
                </li>
              )),
            )}
          </ol>
        )}
        <p className="muted small">
          Outside the loop the memory stores the user message and the final answer once; move it inside (an order above
          the loop advisor) and it stores every tool call and tool result, while the loop’s internal history switches
          off.
        </p>
      </section>

      {validation.length > 0 && (
        <section className="advisors-section" aria-label="Validation checks">
          <h3>Structured-output validation checks</h3>
          <ValidationChecks reports={validation} />
        </section>
      )}

      <section className="advisors-section" aria-label="Sequence diagram">
        <h3>Sequence diagram</h3>
        <SequenceDiagramView diagram={diagram} fileStem={`sequence-${scope}`} />
      </section>

      <section className="advisors-section" aria-label="Loop metrics">
        <h3>Loop metrics (from the metrics advisor)</h3>
        <AdvisorMetrics metrics={metrics} />
      </section>

      {comparisonSource && (
        <section className="advisors-section" aria-label="Side by side">
          <h3>Side by side</h3>
          <ComparePanel config={config} source={comparisonSource} />
        </section>
      )}
    </div>
  );
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

const HOOK_LABELS: Partial<Record<AdvisorHook, string>> = {
  before: 'before',
  after: 'after',
  'initialize-loop': 'initialize',
  'before-call': 'before call',
  'after-call': 'after call',
  'next-instructions': 'next instructions',
  'finalize-loop': 'finalize',
  attempt: 'attempt',
  validate: 'validate',
};

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
  const [draft, setDraft] = useState<string | null>(null);
  const [orderError, setOrderError] = useState<string | null>(null);
  const ran = activity ? timesRan(activity) : 0;
  const isLoop = spec.kind === 'tool-calling';

  const commit = () => {
    if (draft === null) return;
    const parsed = parseOrder(draft);
    if (!parsed.ok) {
      setOrderError(parsed.error);
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
        <span
          className="advisors-count"
          data-testid={`advisor-count-${spec.id}`}
          title="times it ran in the runs shown"
        >
          {ran}×
        </span>
      </div>
      <label className="advisors-order">
        <span className="muted small">order</span>
        <input
          type="text"
          spellCheck={false}
          aria-label={`Order of ${name}`}
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
          aria-label={lane === 'inside' ? `Move ${name} outside the loop` : `Move ${name} inside the loop`}
          onClick={() => onMove(lane === 'inside' ? 'outside' : 'inside')}
        >
          {lane === 'inside' ? '← move outside' : 'move inside →'}
        </button>
      )}
      {spec.kind === 'validation' && (
        <label className="advisors-order">
          <span className="muted small">retries</span>
          <input
            type="number"
            min={0}
            max={10}
            aria-label={`Retries of ${name}`}
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
            .map(([hook, count]) => `${HOOK_LABELS[hook as AdvisorHook] ?? hook} ${count}×`)
            .join(' · ')}
        </p>
      )}
      {activity && activity.hooks.length > 0 && (
        <details className="advisors-seen">
          <summary>What {name} saw</summary>
          <ol className="advisors-plain small">
            {activity.hooks.map((h, i) => (
              <li key={i}>
                <span className="muted">
                  {HOOK_LABELS[h.hook] ?? h.hook} · after {h.round} call(s) · [{h.sees.roles.join(', ')}]
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
