/**
 * Every message as it was sent, with raw text beside the parsed tool calls and both stop-reason vocabularies.
 * The list (memoized entries, virtualized on a long run, its search) is `transcript-list.tsx`.
 */
import { useMemo } from 'react';
import type { ParseIssue, ToolCall, TranscriptEntry } from '../../engine';
import { assertNever, transcript } from '../../engine';
import type { PlaygroundState } from '../../store/playground';
import { useFormat, useT, type Formatters } from '../../i18n';
import { useEngineText } from '../engine-text/engine-text';
import { selectEvents } from '../../store/selectors';
import { usePlayground, usePlaygroundApi } from '../playground-context';
import { ResultLessonNotes } from '../lessons/result-lesson-notes';
import { ParseNotes, splitNotes } from './parse-notes';
import { ArgumentsDiff, PendingCallActions } from './pending-call-actions';
import { StopBadge } from './stop-badge';
import { useTokensOfRound } from '../charts/use-round-tokens';
import { McpCallProgress, McpResultRecord } from '../mcp/mcp-call-notes';
import { StreamingEntry, TranscriptList } from './transcript-list';
import { LabCallCard } from '../lab/lab-call-card';
import { LabNoteEntry, LabResultMark } from '../lab/lab-entries';
import { ValidationRejectedEntry } from '../advisors/validation-rejected-entry';
import { CodeChangeNote, CodeVersionBadge } from './code-change-note';

export function TranscriptView() {
  const { t } = useT('transcript');
  const events = usePlayground(selectEvents);
  const { extensions } = usePlaygroundApi();
  const entries = useMemo(() => transcript(events, extensions), [events, extensions]);
  return (
    <section className="transcript" aria-label={t('label')}>
      <h2 className="visually-hidden">{t('label')}</h2>
      {entries.length === 0 && <p className="muted">{t('empty')}</p>}
      <TranscriptList entries={entries} render={renderEntry} />
      <StreamingEntry />
    </section>
  );
}

/**
 * A model call's "prompt → completion tokens", from the page's one token function (the Prompt and Metrics tabs
 * show the same figures): the runtime's own counts where it reported them, else the one estimate, labelled so.
 */
function TurnTokens({ round }: { round: number }) {
  const { t } = useT('transcript');
  const format = useFormat();
  const events = usePlayground(selectEvents);
  const tokens = useTokensOfRound(events, round);
  if (tokens === null) return null;
  const estimated = tokens.counted === 'estimated' || tokens.completionCounted === 'estimated';
  return (
    <span className="muted small" data-testid="turn-tokens" data-source={estimated ? 'estimated' : 'runtime'}>
      {t('tokens', { prompt: format.number(tokens.prompt), completion: format.number(tokens.completion) })}
      {estimated ? t('estimated') : ''}
    </span>
  );
}

/** An executed call whose arguments were edited at the pause: what the model wrote → what ran. */
function EditedArguments(props: { callId: string; edited: { readonly before: string; readonly after: string } }) {
  const { t } = useT('transcript');
  return (
    <div className="small edited-arguments" data-testid={`edited-${props.callId}`}>
      {t('ranEdited')} <ArgumentsDiff before={props.edited.before} after={props.edited.after} />
    </div>
  );
}

/** Stable across renders, so a memoized entry re-renders only when its own entry changed. */
const renderEntry = (entry: TranscriptEntry) => <Entry entry={entry} />;

function Entry({ entry }: { entry: TranscriptEntry }) {
  const { t } = useT('transcript');
  const format = useFormat();
  const words = useEngineText();
  switch (entry.kind) {
    case 'system':
    case 'user':
      return (
        <article className={`message message-${entry.kind}`} aria-label={t('messageLabel', { role: entry.kind })}>
          <header className="message-head">
            <span className="role">{entry.kind}</span>
          </header>
          <p className="message-text">{entry.content}</p>
        </article>
      );
    case 'assistant':
      return <AssistantEntry entry={entry} />;
    case 'tool':
      return (
        <article
          className={`message message-tool${entry.message.isError ? ' message-tool-error' : ''}`}
          aria-label={t('toolResultLabel', { id: entry.message.toolCallId })}
          data-testid={`tool-result-${entry.message.toolCallId}`}
        >
          <header className="message-head">
            <span className="role">{t('roleTool')}</span>
            <code>{entry.message.toolCallId}</code>
            <code className="tool-name">{entry.message.name}</code>
            {entry.message.isError && <span className="badge badge-error">{t('isError')}</span>}
            {entry.outcome && (
              <span className="muted small">
                {t(`disposition.${entry.outcome.disposition}`)} · {formatMs(format, entry.outcome.durationMs)}
              </span>
            )}
            {entry.decision && entry.decision.kind !== 'approve' && (
              <span className="badge badge-warn">{t(`decision.${entry.decision.kind}`)}</span>
            )}
            <LabResultMark injected={entry.injected} sentId={entry.sentId} />
            <CodeVersionBadge callId={entry.message.toolCallId} code={entry.code} />
          </header>
          {entry.edited && <EditedArguments callId={entry.message.toolCallId} edited={entry.edited} />}
          <pre className="message-text tool-output">{entry.message.content}</pre>
          <McpResultRecord metadata={entry.outcome?.kind === 'result' ? entry.outcome.result.metadata : undefined} />
          <ResultLessonNotes callId={entry.message.toolCallId} outcome={entry.outcome} />
        </article>
      );
    case 'finished':
      return (
        <div className={`run-end run-end-${entry.reason}`} role="status" data-testid="run-end">
          <strong>{words.t('loopEnded', { reason: words.finish(entry.reason) })}</strong>
          {entry.detail && <span> {words.runEndDetail(entry.detail)}</span>}
          {entry.finalAnswer !== undefined && entry.reason === 'return-direct' && (
            <pre className="message-text">{entry.finalAnswer}</pre>
          )}
        </div>
      );
    case 'error':
      return (
        <div className="notice notice-error" role="alert">
          {t('modelFailed', { round: entry.round, error: entry.error })}
        </div>
      );
    case 'interrupted':
      return (
        <div className="run-interrupted" role="status" data-testid="run-interrupted">
          <strong>{t('interrupted')}</strong> {words.interruption(entry)}
        </div>
      );
    case 'workspace':
      return (
        <p className="muted small workspace-change" data-testid="workspace-change">
          {words.workspaceChange(entry.change)}
        </p>
      );
    case 'lab':
      return <LabNoteEntry note={entry.note} />;
    case 'validation-rejected':
      return <ValidationRejectedEntry rejection={entry.rejection} />;
    default:
      return assertNever(entry);
  }
}

function AssistantEntry({ entry }: { entry: Extract<TranscriptEntry, { kind: 'assistant' }> }) {
  const { t } = useT('transcript');
  const format = useFormat();
  const words = useEngineText();
  const { message, stop } = entry;
  const notes = splitNotes(message.parseIssues);
  return (
    <article
      className="message message-assistant"
      aria-label={t('assistantTurnLabel', { round: entry.round })}
      data-testid={`assistant-${entry.round}`}
    >
      <header className="message-head">
        <span className="role">{t('assistant')}</span>
        <span className="muted">{t('turn', { round: entry.round })}</span>
        <StopBadge stop={stop} />
        <TurnTokens round={entry.round} />
        {entry.timings && <span className="muted small">{formatMs(format, entry.timings.totalMs)}</span>}
      </header>
      {stop.anomalies.length > 0 && (
        <ul className="anomalies" aria-label={t('anomalies')}>
          {stop.anomalies.map((a) => (
            <li key={a.kind} className="anomaly">
              ⚠ {words.anomaly(a)}
            </li>
          ))}
        </ul>
      )}
      <div className="assistant-columns">
        <div>
          <h3 className="column-title">{t('rawText')}</h3>
          <pre className="raw" data-testid="raw-text" tabIndex={0}>
            {message.raw || t('empty_')}
          </pre>
        </div>
        <div>
          <h3 className="column-title">{t('parsed')}</h3>
          {message.reasoning !== undefined && (
            <details className="reasoning">
              <summary>{t('thinking')}</summary>
              <pre className="message-text">{message.reasoning}</pre>
            </details>
          )}
          {message.content !== '' && (
            <p className="message-text" data-testid="assistant-text">
              {message.content}
            </p>
          )}
          <ParseNotes issues={notes.text} label={t('parserNotesText')} />
          {message.toolCalls.map((call) => (
            <CallCard key={call.id} call={call} notes={notes.byCall.get(call.id) ?? []} />
          ))}
          {message.content === '' && message.toolCalls.length === 0 && <p className="muted">{t('nothing')}</p>}
        </div>
      </div>
    </article>
  );
}

const awaitingOf = (id: string) => (s: PlaygroundState) => s.run.loop.pending?.awaiting.includes(id) ?? false;
const interruptedOf = (id: string) => (s: PlaygroundState) => s.run.loop.pending?.interrupted.includes(id) ?? false;
const needsApprovalOf = (name: string) => (s: PlaygroundState) =>
  s.run.loop.tools.find((t) => t.name === name)?.needsApproval === true;

function CallCard({ call, notes }: { call: ToolCall; notes: readonly ParseIssue[] }) {
  const { t } = useT('transcript');
  const awaiting = usePlayground(awaitingOf(call.id));
  const interrupted = usePlayground(interruptedOf(call.id));
  // Why it waits when the pause toggle is off: the run's definition of this tool asks for approval.
  const needsApproval = usePlayground(needsApprovalOf(call.name));
  return (
    <div
      className="call-card"
      role="group"
      aria-label={t('callLabel', { id: call.id, name: call.name })}
      data-testid={`call-${call.id}`}
    >
      <div className="call-head">
        <code>{call.id}</code> <code className="tool-name">{call.name || t('noName')}</code>
        {awaiting && !interrupted && <span className="badge badge-warn">{t('waiting')}</span>}
        {needsApproval && <span className="badge badge-warn">{t('needsApproval')}</span>}
      </div>
      {awaiting && interrupted && (
        <p className="call-interrupted small" data-testid={`interrupted-${call.id}`}>
          {t('callInterrupted')}
        </p>
      )}
      <pre className="code-block">{prettyJson(call.argumentsText)}</pre>
      {call.parseError !== undefined && <p className="anomaly">{t('unparsed', { error: call.parseError })}</p>}
      <ParseNotes issues={notes} label={t('parserNotesCall', { id: call.id })} />
      <McpCallProgress callId={call.id} />
      <LabCallCard call={call} />
      <CodeChangeNote call={call} />
      {/* Renders while the call can be decided, and shows its decision until the batch runs. */}
      <PendingCallActions call={call} interrupted={interrupted} />
    </div>
  );
}

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 1).replace(/\n\s*/g, ' ');
  } catch {
    return text;
  }
}

/** A tool's or a turn's time in the page's language; under a millisecond reads "<1 ms". */
function formatMs(format: Formatters, ms: number): string {
  return ms < 1 ? `<${format.duration(1)}` : format.duration(ms);
}
