/**
 * An answer structured-output validation rejected, marked in the transcript right under it: which attempt, the
 * validation errors it got, and whether the request went out again (with the errors appended) or the retries ran out.
 */
import type { ValidationRejection } from '../../engine';
import { useT } from '../../i18n';
import { useEngineText, validationAttemptText } from '../engine-text/engine-text';
import './validation-rejected-entry.css';

export function ValidationRejectedEntry({ rejection }: { rejection: ValidationRejection }) {
  const { t } = useT('transcript');
  const words = useEngineText();
  return (
    <div
      className={`validation-rejected${rejection.retried ? '' : ' validation-rejected-last'}`}
      role="status"
      data-testid={`validation-rejected-${rejection.round}`}
    >
      <strong>{t('validationRejected', { attempt: validationAttemptText(words.t, rejection) })}</strong>
      <ul className="validation-errors">
        {rejection.errors.map((error, i) => (
          <li key={i}>
            <code>{error}</code>
          </li>
        ))}
      </ul>
      <span className="small">{rejection.retried ? t('validationRetried') : t('validationLast')}</span>
    </div>
  );
}
