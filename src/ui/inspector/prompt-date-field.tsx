/**
 * The date Llama 3.2 prompts print ("Today Date: 02 Dec 2026"): the day the run started, from the run's own
 * log, or a date the learner sets here. Recorded in the run's settings; used from the next model call on.
 */
import { selectLoop, selectSettings } from '../../store/selectors';
import { usePlayground, usePlaygroundApi } from '../playground-context';
import { isIsoDate, localIsoDate, templateDate } from '../../engine';
import { useT } from '../../i18n';
import './prompt-date-field.css';

export function PromptDateField() {
  const { t } = useT('exchange');
  const { actions } = usePlaygroundApi();
  const started = usePlayground(selectLoop).startedAt;
  const chosen = usePlayground(selectSettings).promptDate;
  if (started === null) return null;
  const runDate = localIsoDate(started);
  const value = chosen ?? runDate;
  return (
    <div className="prompt-date" data-testid="prompt-date">
      <label className="inline-field">
        {t('todayDate')}
        <input
          type="date"
          aria-label={t('todayDateLabel')}
          value={value}
          required
          onChange={(e) => {
            const date = e.target.value;
            if (isIsoDate(date)) actions.setSettings({ promptDate: date === runDate ? undefined : date });
          }}
        />
      </label>
      <span className="muted small">
        {t(chosen === undefined ? 'datePrintedRun' : 'datePrintedChosen', { date: templateDate(value) })}
      </span>
      {chosen !== undefined && (
        <button
          type="button"
          className="button button-quiet"
          onClick={() => actions.setSettings({ promptDate: undefined })}
        >
          {t('useRunDate')}
        </button>
      )}
    </div>
  );
}
