/**
 * A user tool's code in the run: the version a result ran ("code v2", from its `call-started`), and on a call that
 * has not run yet, a note when the tool's saved code differs from the code it ran last in this run ("code changed
 * since the last call: v2"): the saved edit is what the next execution runs. Both read the run's log through the
 * engine (`pendingCodeChange`), the saved code from the studio's stored specs.
 */
import { useMemo } from 'react';
import type { CodeVersion, ToolCall } from '../../engine';
import { pendingCodeChange } from '../../engine';
import { useT } from '../../i18n';
import type { PlaygroundState } from '../../store/playground';
import { selectEvents } from '../../store/selectors';
import { usePlayground } from '../playground-context';

/** The call waits in the pending batch and has not run yet. */
const notRunOf = (id: string) => (s: PlaygroundState) => {
  const pending = s.run.loop.pending;
  return pending !== null && pending.calls.some((c) => c.id === id) && pending.finished[id] === undefined;
};

/** The saved code of the user tool of this name (undefined when there is none). */
const savedCodeOf = (name: string) => (s: PlaygroundState) =>
  s.userTools.specs.find((spec) => spec.name === name)?.code;

export function CodeChangeNote({ call }: { call: ToolCall }) {
  const { t } = useT('transcript');
  const notRun = usePlayground(notRunOf(call.id));
  const saved = usePlayground(savedCodeOf(call.name));
  const events = usePlayground(selectEvents);
  const change = useMemo(
    () => (notRun && saved !== undefined ? pendingCodeChange(events, call.name, saved) : null),
    [notRun, saved, events, call.name],
  );
  if (!change) return null;
  return (
    <p className="small code-change-note" role="status" data-testid={`code-change-${call.id}`}>
      {t('codeChanged', { version: change.version })}
    </p>
  );
}

/** On a result: the version of its tool's code that ran. */
export function CodeVersionBadge({ callId, code }: { callId: string; code: CodeVersion | undefined }) {
  const { t } = useT('transcript');
  if (!code) return null;
  return (
    <span
      className="badge"
      title={t('codeVersionTitle', { version: code.version, digest: code.digest })}
      data-testid={`code-version-${callId}`}
    >
      {t('codeVersion', { version: code.version })}
    </span>
  );
}
