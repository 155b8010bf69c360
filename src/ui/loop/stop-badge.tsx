/** "finish: stop → tool_calls (derived)" with Anthropic's stop_reason beside it. */
import type { DerivedStop } from '../../engine';
import { toAnthropicStopReason } from '../../engine';
import { useT } from '../../i18n';

export function StopBadge({ stop }: { stop: DerivedStop }) {
  const { t } = useT('stops');
  const changed = stop.raw !== stop.derived;
  const anthropicRaw = toAnthropicStopReason(stop.raw) ?? '—';
  const anthropicDerived = toAnthropicStopReason(stop.derived) ?? '—';
  return (
    <span
      className="stop-badge"
      data-testid="stop-badge"
      data-raw={stop.raw}
      data-derived={stop.derived}
      title={t('badgeTitle')}
    >
      {t('finish')} <code data-testid="stop-raw">{stop.raw}</code>
      {changed && (
        <>
          {' → '}
          <code data-testid="stop-derived">{stop.derived}</code> <span className="muted">{t('derived')}</span>
        </>
      )}
      <span className="muted">
        {' '}
        · <code>stop_reason</code>: {anthropicRaw}
        {changed ? ` → ${anthropicDerived}` : ''}
      </span>
    </span>
  );
}
