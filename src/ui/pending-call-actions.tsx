/** At a pause, per call: Approve, Edit arguments (validated against the schema), Deny, or Write result. */
import { useState } from 'react';
import type { ToolCall } from '../engine/messages';
import { actions } from '../store/app-store';

type Mode = 'none' | 'edit' | 'deny' | 'write';

export function PendingCallActions({ call }: { call: ToolCall }) {
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

  return (
    <div className="call-actions">
      <div className="call-buttons">
        <button type="button" className="button button-primary" onClick={() => void actions.approve(call.id)}>
          Approve
        </button>
        <button type="button" className="button" aria-expanded={mode === 'edit'} onClick={() => open('edit')}>
          Edit arguments
        </button>
        <button type="button" className="button" aria-expanded={mode === 'deny'} onClick={() => open('deny')}>
          Deny
        </button>
        <button type="button" className="button" aria-expanded={mode === 'write'} onClick={() => open('write')}>
          Write result
        </button>
      </div>
      {mode === 'edit' && (
        <form
          className="call-form"
          onSubmit={(e) => {
            e.preventDefault();
            void actions.editArguments(call.id, text).then(setError);
          }}
        >
          <label className="field">
            <span>Arguments (JSON, checked against the tool’s schema)</span>
            <textarea
              aria-label={`Arguments for ${call.id}`}
              rows={4}
              value={text}
              onChange={(e) => setText(e.target.value)}
              aria-invalid={error !== null}
            />
          </label>
          {error && (
            <pre className="notice notice-error" role="alert">
              {error}
            </pre>
          )}
          <div className="call-buttons">
            <button type="submit" className="button button-primary">
              Save and approve
            </button>
            <button type="button" className="button button-quiet" onClick={() => open('none')}>
              Cancel
            </button>
          </div>
        </form>
      )}
      {mode === 'deny' && (
        <form
          className="call-form"
          onSubmit={(e) => {
            e.preventDefault();
            void actions.deny(call.id, text.trim() || undefined);
          }}
        >
          <label className="field">
            <span>Reason (optional; the model receives it)</span>
            <input
              aria-label={`Reason for denying ${call.id}`}
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
          </label>
          <div className="call-buttons">
            <button type="submit" className="button button-danger">
              Send denial
            </button>
            <button type="button" className="button button-quiet" onClick={() => open('none')}>
              Cancel
            </button>
          </div>
        </form>
      )}
      {mode === 'write' && (
        <form
          className="call-form"
          onSubmit={(e) => {
            e.preventDefault();
            void actions.writeResult(call.id, text, isError);
          }}
        >
          <label className="field">
            <span>Result the model receives instead of running the tool</span>
            <textarea
              aria-label={`Result for ${call.id}`}
              rows={3}
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
          </label>
          <label className="checkbox">
            <input type="checkbox" checked={isError} onChange={(e) => setIsError(e.target.checked)} />
            Mark as an error (is_error)
          </label>
          <div className="call-buttons">
            <button type="submit" className="button button-primary">
              Send result
            </button>
            <button type="button" className="button button-quiet" onClick={() => open('none')}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </div>
  );
}

function prettyArguments(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
