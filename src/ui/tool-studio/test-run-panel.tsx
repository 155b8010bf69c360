/**
 * Runs the draft (not the saved tool) with sample arguments in the sandbox and shows everything the loop
 * would get: the result text or error, console output, duration, truncation and the execution's events.
 */
import { useEffect, useState } from 'react';
import { parseArguments } from '../../engine/tool-execution';
import type { ToolRunReport, UserToolSpec } from '../../engine/user-tools';
import { compileSpecSchema, DEFAULT_MAX_OUTPUT_CHARS, DEFAULT_MEMORY_LIMIT_MB } from '../../engine/user-tools';
import { useFormat, useT } from '../../i18n';
import { usePlaygroundApi } from '../playground-context';

type Shown = { kind: 'report'; report: ToolRunReport } | { kind: 'refused'; text: string } | null;

export function TestRunPanel({ draft, onSampleArgs }: { draft: UserToolSpec; onSampleArgs: (text: string) => void }) {
  const { userTools } = usePlaygroundApi();
  const [shown, setShown] = useState<Shown>(null);
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const running = startedAt !== null;

  async function run() {
    const compiled = compileSpecSchema(draft);
    if (!compiled.ok) return setShown({ kind: 'refused', text: compiled.error });
    const args = parseArguments(draft.sampleArgs);
    if (!args.ok) return setShown({ kind: 'refused', text: `The sample arguments are not valid JSON: ${args.error}` });
    const validation = compiled.value.validate(args.value);
    if (!validation.ok) {
      return setShown({
        kind: 'refused',
        text: `The sample arguments do not match the schema:\n${validation.error.join('\n')}`,
      });
    }
    if (draft.kind === 'mcp' && draft.code.trim() === '') {
      return setShown({
        kind: 'refused',
        text: 'This MCP tool has no mock: its result is written by hand at the pause. Write a mock to test it here.',
      });
    }
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
    <section className="tool-studio-test" aria-label="Test run">
      <h4>Test run</h4>
      <label className="tool-studio-label">
        Sample arguments (JSON)
        <textarea
          rows={3}
          className="tool-studio-mono"
          value={draft.sampleArgs}
          onChange={(e) => onSampleArgs(e.target.value)}
        />
      </label>
      <button type="button" className="tool-studio-primary" onClick={() => void run()} disabled={running}>
        {running ? 'Running…' : 'Run test'}
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
  const { outcome } = report;
  const failed = outcome.kind !== 'returned';
  return (
    <div className={`tool-studio-report ${failed ? 'tool-studio-report-failed' : ''}`}>
      <p className="tool-studio-report-head">
        <span className={`badge ${failed ? 'badge-error' : 'badge-ok'}`} data-testid="test-run-outcome">
          {outcome.kind}
        </span>
        <span data-testid="test-run-duration">{report.durationMs} ms</span>
        {outcome.kind === 'returned' && outcome.truncated && (
          <span className="badge badge-warn">truncated: {outcome.originalLength.toLocaleString()} characters</span>
        )}
      </p>
      <h5>{failed ? 'Error (sent to the model as an error result)' : 'Result (sent to the model)'}</h5>
      <pre className="tool-studio-pre" data-testid="test-run-text" tabIndex={0} aria-label="Test run result">
        {outcome.kind === 'returned' ? outcome.text || '(empty)' : outcome.message}
      </pre>
      <h5>Console</h5>
      {report.console.length === 0 ? (
        <p className="muted small">No console output.</p>
      ) : (
        <pre className="tool-studio-pre" data-testid="test-run-console" tabIndex={0} aria-label="Console output">
          {report.console.map((l) => `${l.level === 'log' ? '' : `[${l.level}] `}${l.text}`).join('\n')}
          {report.consoleTruncated ? '\n…[console output truncated]' : ''}
        </pre>
      )}
      <h5>Events</h5>
      <ol className="tool-studio-events" data-testid="test-run-events">
        {report.events.map((e, i) => (
          <li key={i}>
            <code>{e.type}</code> <span className="muted">+{e.at} ms</span> {e.detail}
          </li>
        ))}
      </ol>
    </div>
  );
}
