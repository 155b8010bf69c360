/**
 * Runs the draft (not the saved tool) with sample arguments in the sandbox and shows everything the loop
 * would get: the result text or error, console output, duration, truncation and the execution's events.
 */
import { useEffect, useState } from 'react';
import type { ToolRunReport, UserToolSpec } from '../../engine';
import { compileSpecSchema, DEFAULT_MAX_OUTPUT_CHARS, DEFAULT_MEMORY_LIMIT_MB, parseArguments } from '../../engine';
import { useFormat, useT } from '../../i18n';
import { usePlaygroundApi } from '../playground-context';
import { useFailureText, useZodIssueWords } from './studio-words';

type Shown = { kind: 'report'; report: ToolRunReport } | { kind: 'refused'; text: string } | null;

export function TestRunPanel({ draft, onSampleArgs }: { draft: UserToolSpec; onSampleArgs: (text: string) => void }) {
  const { t } = useT('studio');
  const failureText = useFailureText();
  // The page's language words zod's issues here (its locale); the model's copy of them is English, elsewhere.
  const issueWords = useZodIssueWords();
  const { userTools } = usePlaygroundApi();
  const [shown, setShown] = useState<Shown>(null);
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const running = startedAt !== null;

  async function run() {
    const compiled = compileSpecSchema(draft);
    if (!compiled.ok) return setShown({ kind: 'refused', text: failureText(compiled) });
    const args = parseArguments(draft.sampleArgs);
    if (!args.ok) return setShown({ kind: 'refused', text: t('test.argsNotJson', { error: args.error }) });
    const validation = compiled.value.validate(args.value, issueWords);
    if (!validation.ok) {
      return setShown({ kind: 'refused', text: [t('test.argsMismatch'), ...validation.error].join('\n') });
    }
    if (draft.kind === 'mcp' && draft.code.trim() === '')
      return setShown({ kind: 'refused', text: t('test.mcpNoMock') });
    setStartedAt(performance.now());
    setShown(null);
    const report = await userTools.testRun({
      toolName: draft.name,
      code: draft.code,
      args: validation.value,
      allowNetwork: draft.allowNetwork,
      timeoutMs: draft.timeoutMs,
      memoryLimitMb: draft.memoryLimitMb ?? DEFAULT_MEMORY_LIMIT_MB,
      maxOutputChars: DEFAULT_MAX_OUTPUT_CHARS,
    });
    setStartedAt(null);
    setShown({ kind: 'report', report });
  }

  return (
    <section className="tool-studio-test" aria-label={t('test.label')}>
      <h4>{t('test.label')}</h4>
      <label className="tool-studio-label">
        {t('test.sampleArgs')}
        <textarea
          rows={3}
          className="tool-studio-mono"
          value={draft.sampleArgs}
          onChange={(e) => onSampleArgs(e.target.value)}
        />
      </label>
      <button type="button" className="tool-studio-primary" onClick={() => void run()} disabled={running}>
        {running ? t('test.runningButton') : t('test.run')}
      </button>
      {startedAt !== null && <RunningFor since={startedAt} />}
      <div aria-live="polite" data-testid="test-run-result">
        {shown?.kind === 'refused' && (
          <p className="tool-studio-error" role="alert">
            {shown.text}
          </p>
        )}
        {shown?.kind === 'report' && <ReportView report={shown.report} />}
      </div>
    </section>
  );
}

/** A running indicator with the time elapsed, ticking while the tool runs (a slow or stuck tool is visible). */
function RunningFor({ since }: { since: number }) {
  const { t } = useT('studio');
  const format = useFormat();
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(performance.now()), 100);
    return () => clearInterval(timer);
  }, []);
  return (
    <p className="tool-studio-running small" role="status" data-testid="test-run-running">
      <span className="tool-studio-spinner" aria-hidden="true" />
      {t('run.running', { elapsed: format.duration(Math.max(0, now - since)) })}
    </p>
  );
}

export function ReportView({ report }: { report: ToolRunReport }) {
  const { t } = useT('studio');
  const format = useFormat();
  const { outcome } = report;
  const failed = outcome.kind !== 'returned';
  return (
    <div className={`tool-studio-report ${failed ? 'tool-studio-report-failed' : ''}`}>
      <p className="tool-studio-report-head">
        <span
          className={`badge ${failed ? 'badge-error' : 'badge-ok'}`}
          data-testid="test-run-outcome"
          data-outcome={outcome.kind}
        >
          {t(`test.badge.${outcome.kind}`)}
        </span>
        <span data-testid="test-run-duration">{format.duration(report.durationMs)}</span>
        <span className="small" data-testid="test-run-outcome-text">
          {t(`test.outcome.${outcome.kind}`)}
        </span>
        {outcome.kind === 'returned' && outcome.truncated && (
          <span className="badge badge-warn">
            {t('test.truncated', { count: format.number(outcome.originalLength) })}
          </span>
        )}
      </p>
      <h5>{failed ? t('test.errorHeading') : t('test.resultHeading')}</h5>
      {/* What the model receives, worded as it is sent (not translated). */}
      <pre className="tool-studio-pre" data-testid="test-run-text" tabIndex={0} aria-label={t('test.resultLabel')}>
        {outcome.kind === 'returned' ? outcome.text || t('test.empty') : outcome.message}
      </pre>
      <h5>{t('test.console')}</h5>
      {report.console.length === 0 ? (
        <p className="muted small">{t('test.noConsole')}</p>
      ) : (
        <pre
          className="tool-studio-pre"
          data-testid="test-run-console"
          tabIndex={0}
          aria-label={t('test.consoleLabel')}
        >
          {report.console.map((l) => `${l.level === 'log' ? '' : `[${l.level}] `}${l.text}`).join('\n')}
          {report.consoleTruncated ? `\n${t('test.consoleTruncated')}` : ''}
        </pre>
      )}
      <h5>{t('test.events')}</h5>
      <ol className="tool-studio-events" data-testid="test-run-events">
        {report.events.map((e, i) => (
          <li key={i}>
            <code>{e.type}</code> <span className="muted">+{format.duration(e.at)}</span> {e.detail}
          </li>
        ))}
      </ol>
    </div>
  );
}
