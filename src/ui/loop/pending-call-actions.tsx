/**
 * At a pause, per call: Approve, Edit arguments (validated against the schema), Deny, or Write result. A call a
 * reload interrupted (it may have run) offers: Run again, Skip with an error result, or Write result.
 */
import type { FormEvent, ReactNode } from 'react';
import { useState } from 'react';
import type { ToolCall } from '../../engine/messages';
import { usePlaygroundApi } from '../playground-context';

type Mode = 'none' | 'edit' | 'deny' | 'write';

export function PendingCallActions({ call, interrupted = false }: { call: ToolCall; interrupted?: boolean }) {
  const { actions } = usePlaygroundApi();
  const [mode, setMode] = useState<Mode>('none');
  const [text, setText] = useState('');
  const [isError, setIsError] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const open = (next: Mode) => {
    setMode(next);
    setError(null);
    setText(next === 'edit' ? prettyArguments(call.argumentsText) : '');
    setIsError(false);
  };
  const close = () => open('none');

  return (
    <div className="call-actions">
      <div className="call-buttons">
        <button type="button" className="button button-primary" onClick={() => void actions.approve(call.id)}>
          {interrupted ? 'Run again' : 'Approve'}
        </button>
        {interrupted ? (
          <button type="button" className="button" onClick={() => void actions.skipInterrupted(call.id)}>
            Skip with an error result
          </button>
        ) : (
          <>
            <button type="button" className="button" aria-expanded={mode === 'edit'} onClick={() => open('edit')}>
              Edit arguments
            </button>
            <button type="button" className="button" aria-expanded={mode === 'deny'} onClick={() => open('deny')}>
              Deny
            </button>
          </>
        )}
        <button type="button" className="button" aria-expanded={mode === 'write'} onClick={() => open('write')}>
          Write result
        </button>
      </div>
      {mode === 'edit' && (
        <CallForm
          label="Arguments (JSON, checked against the tool’s schema)"
          submitLabel="Save and approve"
          onSubmit={() => void actions.editArguments(call.id, text).then(setError)}
          onCancel={close}
          error={error}
        >
          <textarea
            aria-label={`Arguments for ${call.id}`}
            rows={4}
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-invalid={error !== null}
          />
        </CallForm>
      )}
      {mode === 'deny' && (
        <CallForm
          label="Reason (optional; the model receives it)"
          submitLabel="Send denial"
          danger
          onSubmit={() => void actions.deny(call.id, text.trim() || undefined)}
          onCancel={close}
        >
          <input aria-label={`Reason for denying ${call.id}`} value={text} onChange={(e) => setText(e.target.value)} />
        </CallForm>
      )}
      {mode === 'write' && (
        <CallForm
          label="Result the model receives instead of running the tool"
          submitLabel="Send result"
          onSubmit={() => void actions.writeResult(call.id, text, isError)}
          onCancel={close}
          extra={
            <label className="checkbox">
              <input type="checkbox" checked={isError} onChange={(e) => setIsError(e.target.checked)} />
              Mark as an error (is_error)
            </label>
          }
        >
          <textarea
            aria-label={`Result for ${call.id}`}
            rows={3}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </CallForm>
      )}
    </div>
  );
}

interface CallFormProps {
  readonly label: string;
  readonly submitLabel: string;
  readonly onSubmit: () => void;
  readonly onCancel: () => void;
  readonly children: ReactNode;
  readonly extra?: ReactNode;
  readonly error?: string | null;
  readonly danger?: boolean;
}

/** The shell every pause form shares: one labelled field, an optional error, submit and Cancel. */
function CallForm({ label, submitLabel, onSubmit, onCancel, children, extra, error, danger }: CallFormProps) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <form className="call-form" onSubmit={submit}>
      <label className="field">
        <span>{label}</span>
        {children}
      </label>
      {extra}
      {error && (
        <pre className="notice notice-error" role="alert">
          {error}
        </pre>
      )}
      <div className="call-buttons">
        <button type="submit" className={`button ${danger ? 'button-danger' : 'button-primary'}`}>
          {submitLabel}
        </button>
        <button type="button" className="button button-quiet" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function prettyArguments(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
