/** A message with a dismiss button: an alert for errors, a status for information. Text only, never HTML. */
export interface NoticeProps {
  readonly notice: { readonly kind: 'error' | 'info'; readonly text: string };
  readonly onDismiss: () => void;
  /** The dismiss button's accessible name. */
  readonly dismissLabel: string;
  readonly testId?: string;
}

export function Notice({ notice, onDismiss, dismissLabel, testId }: NoticeProps) {
  return (
    <div
      className={`notice notice-${notice.kind}`}
      role={notice.kind === 'error' ? 'alert' : 'status'}
      data-testid={testId}
    >
      <span>{notice.text}</span>
      <button type="button" className="button button-quiet" aria-label={dismissLabel} onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}
