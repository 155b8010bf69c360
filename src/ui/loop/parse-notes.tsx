/**
 * What the parser forgave or flagged in an assistant turn, as short notes beside the call or the text they are
 * about ("the model wrote parameters instead of arguments; read as the arguments"). The raw output stays
 * beside them in the transcript, and a note about a stretch of text quotes it. Text only, never HTML.
 */
import type { ParseIssue } from '../../engine';
import { useT } from '../../i18n';
import './parse-notes.css';

export function ParseNotes({ issues, label }: { issues: readonly ParseIssue[]; label: string }) {
  const { t, i18n } = useT('stops');
  // The detail is the parser's own sentence (stored with the run, in English): in another language the note leads
  // with the kind in that language and marks the sentence as the parser's words.
  const english = i18n.language === 'en';
  if (issues.length === 0) return null;
  return (
    <ul className="parse-notes" aria-label={label}>
      {issues.map((issue, i) => (
        <li
          key={`${issue.kind}-${i}`}
          className={`parse-note ${issue.recovered ? 'parse-note-forgiven' : 'parse-note-flagged'}`}
          data-testid="parse-note"
          data-kind={issue.kind}
          data-recovered={issue.recovered}
        >
          <span className="parse-note-head">
            <span className="parse-note-verdict">{issue.recovered ? t('forgiven') : t('flagged')}</span>{' '}
            <code className="parse-note-kind" title={t(`issueKind.${issue.kind}`)}>
              {issue.kind}
            </code>
            {!english && <span className="parse-note-title"> {t(`issueKind.${issue.kind}`)}</span>}
          </span>{' '}
          <span className="parse-note-detail" lang="en" title={english ? undefined : t('parserWords')}>
            {issue.detail}
          </span>
          {issue.excerpt !== undefined && (
            <pre className="parse-note-excerpt" tabIndex={0} aria-label={t('excerpt')}>
              {issue.excerpt}
            </pre>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The notes of a message that belong beside its text, and those of each call. */
export function splitNotes(issues: readonly ParseIssue[] | undefined): {
  readonly text: readonly ParseIssue[];
  readonly byCall: ReadonlyMap<string, readonly ParseIssue[]>;
} {
  const text: ParseIssue[] = [];
  const byCall = new Map<string, ParseIssue[]>();
  for (const issue of issues ?? []) {
    if (issue.callId === undefined) text.push(issue);
    else byCall.set(issue.callId, [...(byCall.get(issue.callId) ?? []), issue]);
  }
  return { text, byCall };
}
