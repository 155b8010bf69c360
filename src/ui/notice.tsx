import type { ReactNode } from 'react';

/** A message with a dismiss button: an alert for errors, a status for information. Text only, never HTML. */
export interface NoticeProps {
  readonly notice: { readonly kind: 'error' | 'info'; readonly text: string };
  readonly onDismiss: () => void;
  /** The dismiss button's accessible name. */
  readonly dismissLabel: string;
  readonly testId?: string;
  /** The text as nodes (e.g. a quoted English detail marked `lang="en"`), shown instead of `notice.text`. */
  readonly children?: ReactNode;
}

export function Notice({ notice, onDismiss, dismissLabel, testId, children }: NoticeProps) {
  return (
    <div
      className={`notice notice-${notice.kind}`}
      role={notice.kind === 'error' ? 'alert' : 'status'}
      data-testid={testId}
    >
      <span>{children ?? notice.text}</span>
      <button type="button" className="button button-quiet" aria-label={dismissLabel} onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}
