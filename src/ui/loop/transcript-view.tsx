/** Every message as it was sent, with raw text beside the parsed tool calls and both stop-reason vocabularies. */
import { useMemo } from 'react';
import type { TranscriptEntry } from '../../engine/loop/projections';
import { FINISH_LABELS, transcript } from '../../engine/loop/projections';
import type { ParseIssue, ToolCall } from '../../engine/messages';
import type { PlaygroundState } from '../../store/playground';
import { selectBusy, selectEvents, selectPhase, selectStreaming } from '../../store/selectors';
import { usePlayground } from '../playground-context';
import { ParseNotes, splitNotes } from './parse-notes';
import { PendingCallActions } from './pending-call-actions';
import { StopBadge } from './stop-badge';
import { assertNever } from '../../engine/result';
import { StreamingLabel } from './streaming-label';

export function TranscriptView() {
  const events = usePlayground(selectEvents);
  const streaming = usePlayground(selectStreaming);
  const busy = usePlayground(selectBusy);
  const phase = usePlayground(selectPhase);
  const entries = useMemo(() => transcript(events), [events]);
  return (
    <section className="transcript" aria-label="Transcript">
      <h2 className="visually-hidden">Transcript</h2>
      {entries.length === 0 && <p className="muted">The transcript appears here, message by message.</p>}
      {entries.map((entry) => (
        <Entry key={entry.index} entry={entry} />
      ))}
      {busy && phase === 'model' && (
        <article className="message message-assistant message-streaming" aria-label="Model is answering">
          <header className="message-head">
            <span className="role">assistant</span> <StreamingLabel />
          </header>
          <pre className="raw" data-testid="streaming-text">
            {streaming || '…'}
          </pre>
        </article>
      )}
    </section>
  );
}

function Entry({ entry }: { entry: TranscriptEntry }) {
  switch (entry.kind) {
    case 'system':
    case 'user':
      return (
        <article className={`message message-${entry.kind}`} aria-label={`${entry.kind} message`}>
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
          aria-label={`tool result ${entry.message.toolCallId}`}
          data-testid={`tool-result-${entry.message.toolCallId}`}
        >
          <header className="message-head">
            <span className="role">tool</span>
            <code>{entry.message.toolCallId}</code>
            <code className="tool-name">{entry.message.name}</code>
            {entry.message.isError && <span className="badge badge-error">is_error</span>}
            {entry.outcome && (
              <span className="muted small">
                {entry.outcome.disposition} · {formatMs(entry.outcome.durationMs)}
              </span>
            )}
            {entry.decision && entry.decision.kind !== 'approve' && (
              <span className="badge badge-warn">{decisionLabel(entry.decision.kind)}</span>
            )}
          </header>
          <pre className="message-text tool-output">{entry.message.content}</pre>
        </article>
      );
    case 'finished':
      return (
        <div className={`run-end run-end-${entry.reason}`} role="status" data-testid="run-end">
          <strong>Loop ended: {FINISH_LABELS[entry.reason]}.</strong>
          {entry.detail && <span> {entry.detail}</span>}
          {entry.finalAnswer !== undefined && entry.reason === 'return-direct' && (
            <pre className="message-text">{entry.finalAnswer}</pre>
          )}
        </div>
      );
    case 'error':
      return (
        <div className="notice notice-error" role="alert">
          Model call {entry.round} failed: {entry.error}
        </div>
      );
    case 'interrupted':
      return (
        <div className="run-interrupted" role="status" data-testid="run-interrupted">
          <strong>Interrupted.</strong> {entry.text}
        </div>
      );
    case 'workspace':
      return (
        <p className="muted small workspace-change" data-testid="workspace-change">
          {entry.text}
        </p>
      );
    default:
      return assertNever(entry);
  }
}

function AssistantEntry({ entry }: { entry: Extract<TranscriptEntry, { kind: 'assistant' }> }) {
  const { message, stop } = entry;
  const notes = splitNotes(message.parseIssues);
  return (
    <article
      className="message message-assistant"
      aria-label={`assistant turn ${entry.round}`}
      data-testid={`assistant-${entry.round}`}
    >
      <header className="message-head">
        <span className="role">assistant</span>
        <span className="muted">turn {entry.round}</span>
        <StopBadge stop={stop} />
        {entry.usage && (
          <span className="muted small">
            {entry.usage.promptTokens} → {entry.usage.completionTokens} tokens
            {entry.usage.estimated ? ' (estimated)' : ''}
          </span>
        )}
        {entry.timings && <span className="muted small">{formatMs(entry.timings.totalMs)}</span>}
      </header>
      {stop.anomalies.length > 0 && (
        <ul className="anomalies" aria-label="Anomalies">
          {stop.anomalies.map((a) => (
            <li key={a.kind} className="anomaly">
              ⚠ {a.detail}
            </li>
          ))}
        </ul>
      )}
      <div className="assistant-columns">
        <div>
          <h3 className="column-title">raw text</h3>
          <pre className="raw" data-testid="raw-text">
            {message.raw || '(empty)'}
          </pre>
        </div>
        <div>
          <h3 className="column-title">parsed</h3>
          {message.reasoning !== undefined && (
            <details className="reasoning">
              <summary>thinking (stripped from history)</summary>
              <pre className="message-text">{message.reasoning}</pre>
            </details>
          )}
          {message.content !== '' && (
            <p className="message-text" data-testid="assistant-text">
              {message.content}
            </p>
          )}
          <ParseNotes issues={notes.text} label="Parser notes on the text" />
          {message.toolCalls.map((call) => (
            <CallCard key={call.id} call={call} notes={notes.byCall.get(call.id) ?? []} />
          ))}
          {message.content === '' && message.toolCalls.length === 0 && (
            <p className="muted">(no text, no tool calls)</p>
          )}
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
  const awaiting = usePlayground(awaitingOf(call.id));
  const interrupted = usePlayground(interruptedOf(call.id));
  // Why it waits when the pause toggle is off: the run's definition of this tool asks for approval.
  const needsApproval = usePlayground(needsApprovalOf(call.name));
  return (
    <div
      className="call-card"
      role="group"
      aria-label={`Tool call ${call.id} ${call.name}`}
      data-testid={`call-${call.id}`}
    >
      <div className="call-head">
        <code>{call.id}</code> <code className="tool-name">{call.name || '(no name)'}</code>
        {awaiting && !interrupted && <span className="badge badge-warn">waiting for you</span>}
        {needsApproval && <span className="badge badge-warn">needs approval</span>}
      </div>
      {awaiting && interrupted && (
        <p className="call-interrupted small" data-testid={`interrupted-${call.id}`}>
          interrupted — run again / skip with an error result / write the result
        </p>
      )}
      <pre className="code-block">{prettyJson(call.argumentsText)}</pre>
      {call.parseError !== undefined && <p className="anomaly">Could not parse: {call.parseError}</p>}
      <ParseNotes issues={notes} label={`Parser notes on ${call.id}`} />
      {awaiting && <PendingCallActions call={call} interrupted={interrupted} />}
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

function decisionLabel(kind: string): string {
  if (kind === 'edit') return 'arguments edited';
  if (kind === 'deny') return 'denied';
  if (kind === 'write') return 'written by hand';
  return kind;
}

export function formatMs(ms: number): string {
  if (ms < 1) return '<1 ms';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(2)} s`;
}
