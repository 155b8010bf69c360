/**
 * The trust prompt for tool code that came in an imported run file. The code is shown as text; nothing runs and
 * nothing is added to the workspace until the person chooses "Trust and add". Trusted tools join "My tools" and
 * run only in the sandbox, like any user tool.
 */
import { exportUserTools } from '../../engine/user-tools';
import { runFileActions, useRunFilesStore } from '../../store/run-files';
import { studioActions, useStudioStore } from '../tool-studio';
import { CodeTrustView } from '../tool-studio/code-trust-view';

export function TrustPrompt() {
  const pending = useRunFilesStore((s) => s.pendingTrust);
  if (!pending) return null;
  const trust = async () => {
    await studioActions.init();
    // This prompt is the trust decision: the tools file built from it must not ask again.
    await studioActions.importFile(exportUserTools(pending.specs, Date.now()), { trusted: true });
    const studio = useStudioStore.getState();
    runFileActions.clearPendingTrust();
    await runFileActions.reopen(pending.runId);
    useRunFilesStore.setState({
      notice: {
        kind: studio.notice?.kind ?? 'info',
        text: `${studio.notice?.text ?? 'Added the tools.'} ${studio.problems.join(' ')}`.trim(),
      },
    });
  };
  return (
    <CodeTrustView
      label="Imported tool code"
      title={`This file carries code for ${pending.specs.length} tool(s)`}
      intro="Read it before you trust it. Until then nothing of it runs: calls to these tools get an “unknown tool” result. Trusted tools join My tools and run in the sandbox, within their time and memory limits."
      specs={pending.specs}
      trustLabel="Trust and add to My tools"
      onTrust={() => void trust()}
      onDismiss={() => runFileActions.dismissTrust()}
    />
  );
}
