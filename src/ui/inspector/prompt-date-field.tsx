/**
 * The date Llama 3.2 prompts print ("Today Date: 02 Dec 2026"): the day the run started, from the run's own
 * log, or a date the learner sets here. Recorded in the run's settings; used from the next model call on.
 */
import { selectLoop, selectSettings } from '../../store/selectors';
import { usePlayground, usePlaygroundApi } from '../playground-context';
import { isIsoDate, localIsoDate, templateDate } from '../../engine/protocol/prompt-date';
import './prompt-date-field.css';

export function PromptDateField() {
  const { actions } = usePlaygroundApi();
  const started = usePlayground(selectLoop).startedAt;
  const chosen = usePlayground(selectSettings).promptDate;
  if (started === null) return null;
  const runDate = localIsoDate(started);
  const value = chosen ?? runDate;
  return (
    <div className="prompt-date" data-testid="prompt-date">
      <label className="inline-field">
        Today Date
        <input
          type="date"
          aria-label="Today Date printed in Llama 3.2 prompts"
          value={value}
          required
          onChange={(e) => {
            const date = e.target.value;
            if (isIsoDate(date)) actions.setSettings({ promptDate: date === runDate ? undefined : date });
          }}
        />
      </label>
      <span className="muted small">
        Llama 3.2 prompts print “Today Date: {templateDate(value)}”,{' '}
        {chosen === undefined ? 'the day this run started' : 'the date you set'} (transformers prints the day it
        renders). Other formats print no date.
      </span>
      {chosen !== undefined && (
        <button
          type="button"
          className="button button-quiet"
          onClick={() => actions.setSettings({ promptDate: undefined })}
        >
          Use the run’s date
        </button>
      )}
    </div>
  );
}
