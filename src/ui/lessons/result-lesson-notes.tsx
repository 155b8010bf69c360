/**
 * What a tool result's card shows of the lessons (#16): the execution service's events for the call (started,
 * finished, denied, failed) and, for an augmented call, the `innerThought` / `confidence` the model gave and the
 * arguments the tool itself received after they were stripped. Renders nothing for a plain call.
 */
import './lessons.css';
import type { CallOutcome, LoopEvent } from '../../engine';
import { augmentationOf } from '../../engine';
import { useT } from '../../i18n/react';
import { selectEvents } from '../../store/selectors';
import { usePlayground } from '../playground-context';

type ExecutionEvent = Extract<LoopEvent, { type: 'execution-event' }>;

const NONE: readonly ExecutionEvent[] = [];
/** The execution-service events by call id, built once per event log (every result card reads the same map). */
const byCallCache = new WeakMap<readonly LoopEvent[], Map<string, ExecutionEvent[]>>();
function executionEventsByCall(events: readonly LoopEvent[]): Map<string, ExecutionEvent[]> {
  let map = byCallCache.get(events);
  if (!map) {
    map = new Map();
    for (const e of events) {
      if (e.type !== 'execution-event') continue;
      const list = map.get(e.callId) ?? [];
      list.push(e);
      map.set(e.callId, list);
    }
    byCallCache.set(events, map);
  }
  return map;
}

export function ResultLessonNotes({ callId, outcome }: { callId: string; outcome: CallOutcome | undefined }) {
  const { t } = useT('lessons');
  const events = usePlayground(selectEvents);
  const service = executionEventsByCall(events).get(callId) ?? NONE;
  const augmentation = outcome?.kind === 'result' ? augmentationOf(outcome.result.metadata) : null;
  if (service.length === 0 && !augmentation) return null;
  return (
    <div className="lesson-notes small" data-testid={`lesson-notes-${callId}`}>
      {service.length > 0 && (
        <p className="service-events" aria-label={t('serviceEvents')}>
          <span className="muted">{t('serviceEvents')}:</span>{' '}
          {service.map((e, i) => (
            <span key={i} className={`badge ${e.kind === 'denied' || e.kind === 'failed' ? 'badge-error' : ''}`}>
              {t(`event.${e.kind}`)}
              {e.detail ? ` — ${e.detail}` : ''}
            </span>
          ))}
        </p>
      )}
      {augmentation && (
        <dl className="augmentation" data-testid={`augmentation-${callId}`}>
          <dt className="muted">{t('augmented')}</dt>
          <dd>
            {augmentation.augmented.innerThought !== undefined && (
              <>
                <code>{t('innerThought')}</code>: {augmentation.augmented.innerThought}{' '}
              </>
            )}
            {augmentation.augmented.confidence !== undefined && (
              <>
                <code>{t('confidence')}</code>: {augmentation.augmented.confidence}
              </>
            )}
          </dd>
          <dt className="muted">{t('toolReceived')}</dt>
          <dd>
            <code data-testid={`tool-received-${callId}`}>{augmentation.toolReceived}</code>
          </dd>
        </dl>
      )}
    </div>
  );
}
