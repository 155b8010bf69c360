/** Both stop-reason vocabularies, the mapping, and what the loop does on each. */
import {
  ANTHROPIC_STOP_REASONS,
  OPENAI_FINISH_REASONS,
  toAnthropicStopReason,
  toOpenAIFinishReason,
} from '../../engine';
import { useT } from '../../i18n';
import { TurnAnomalies } from './turn-anomalies';

export function StopReasonsView() {
  const { t } = useT('stops');
  return (
    <div>
      <TurnAnomalies />
      <p className="small">{t('intro')}</p>
      <table className="table" aria-label={t('openaiToAnthropic')}>
        <thead>
          <tr>
            <th scope="col">{t('colFinish')}</th>
            <th scope="col">{t('colStop')}</th>
          </tr>
        </thead>
        <tbody>
          {OPENAI_FINISH_REASONS.map((r) => (
            <tr key={r}>
              <td>
                <code>{r}</code>
              </td>
              <td>
                <code>{toAnthropicStopReason(r) ?? t('noCounterpart')}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="table" aria-label={t('anthropicAndLoop')}>
        <thead>
          <tr>
            <th scope="col">{t('colStop')}</th>
            <th scope="col">{t('colClosest')}</th>
            <th scope="col">{t('colAction')}</th>
          </tr>
        </thead>
        <tbody>
          {ANTHROPIC_STOP_REASONS.map((r) => (
            <tr key={r}>
              <td>
                <code>{r}</code>
              </td>
              <td>
                <code>{toOpenAIFinishReason(r) ?? '—'}</code>
              </td>
              <td className="small">{t(`loopAction.${r}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
