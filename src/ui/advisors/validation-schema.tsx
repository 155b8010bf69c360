/**
 * The validation advisor's output schema, editable: a JSON Schema textarea checked as it is typed (not JSON, or not
 * a usable object schema, is shown beside the field and not applied), plus the checks of the runs shown: the schema
 * each request ran with (from its `advisor-chain` event, so a restored or imported run shows its own), every
 * attempt's outcome, and the line a failed check appended to the user message for the retry.
 */
import { useId, useState } from 'react';
import type { AdvisorSpec, JsonSchema, ValidationReport } from '../../engine';
import { DEFAULT_OUTPUT_SCHEMA, FAILING_DEMO_SCHEMA, parseOutputSchema } from '../../engine';
import { useT } from '../../i18n';

export function formatSchema(schema: JsonSchema): string {
  return JSON.stringify(schema, null, 2);
}

interface FieldProps {
  readonly spec: AdvisorSpec;
  readonly name: string;
  /** Applies a checked schema to the config; returns the controller's refusal, if any. */
  readonly onSchema: (schema: JsonSchema) => string | null;
}

export function ValidationSchemaField({ spec, name, onSchema }: FieldProps) {
  const { t } = useT('advisors');
  const applied = spec.outputSchema ?? DEFAULT_OUTPUT_SCHEMA;
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const messageId = useId();
  const text = draft ?? formatSchema(applied);

  const edit = (next: string) => {
    setDraft(next);
    const parsed = parseOutputSchema(next);
    if (!parsed.ok) {
      setError(t(`schemaErrors.${parsed.error.code}`, { detail: parsed.error.values?.detail ?? '' }));
      return;
    }
    setError(onSchema(parsed.value));
  };
  const load = (schema: JsonSchema) => edit(formatSchema(schema));

  return (
    <div className="advisors-schema">
      <label className="advisors-schema-label" htmlFor={`${messageId}-field`}>
        <span className="muted small">{t('schema.label')}</span>
      </label>
      <textarea
        id={`${messageId}-field`}
        className="advisors-schema-field"
        spellCheck={false}
        rows={Math.min(12, Math.max(4, text.split('\n').length))}
        aria-label={t('schema.of', { name })}
        aria-invalid={error !== null}
        aria-describedby={messageId}
        value={text}
        onChange={(e) => edit(e.target.value)}
      />
      {error ? (
        <p id={messageId} role="alert" className="advisors-error small" data-testid="validation-schema-error">
          {t('schema.invalid', { error })}
        </p>
      ) : (
        <p id={messageId} className="muted small" data-testid="validation-schema-status">
          {t('schema.valid')}
        </p>
      )}
      <div className="advisors-schema-actions">
        <button type="button" className="button button-quiet" onClick={() => load(FAILING_DEMO_SCHEMA)}>
          {t('schema.failing')}
        </button>
        <button type="button" className="button button-quiet" onClick={() => load(DEFAULT_OUTPUT_SCHEMA)}>
          {t('schema.default')}
        </button>
      </div>
    </div>
  );
}

export function ValidationChecks({
  reports,
  labelOf = (name) => name,
}: {
  readonly reports: readonly ValidationReport[];
  /** The advisor's name in the page's language (see `useAdvisorLabels`). */
  readonly labelOf?: (name: string) => string;
}) {
  const { t } = useT('advisors');
  return (
    <div className="advisors-validation" data-testid="validation-checks">
      {reports.map((report) => (
        <div key={report.advisor}>
          <p className="small">
            <strong>{labelOf(report.advisor)}</strong>{' '}
            {report.settings
              ? t('schema.ranWith', {
                  count: report.settings.maxRepeatAttempts,
                  calls: 1 + report.settings.maxRepeatAttempts,
                })
              : t('schema.notRecorded')}
          </p>
          {report.settings && (
            <pre className="advisors-schema-ran small" data-testid="validation-ran-schema">
              {formatSchema(report.settings.outputSchema)}
            </pre>
          )}
          {report.checks.length === 0 ? (
            <p className="muted small">{t('schema.none')}</p>
          ) : (
            <ol className="advisors-plain small" data-testid="validation-attempts">
              {report.checks.map((check, i) => (
                <li key={i}>
                  <span className={check.ok ? 'advisors-ok' : 'advisors-bad'}>
                    {t('schema.attempt', {
                      attempt: check.attempt,
                      outcome: check.ok ? t('schema.outcomeValid') : t('schema.outcomeInvalid'),
                    })}
                  </span>{' '}
                  <span className="muted">{t('schema.after', { count: check.round })}</span>
                  {!check.ok && <> — {check.errors.join('; ')}</>}
                  {check.appended !== null && (
                    <div className="advisors-appended">
                      <span className="muted">{t('schema.appended')}</span> <code>{check.appended}</code>
                    </div>
                  )}
                </li>
              ))}
            </ol>
          )}
        </div>
      ))}
    </div>
  );
}
