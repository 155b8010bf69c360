/** The trust prompt for a tools file with code (see tools-file-trust.ts). Declining adds nothing. */
import { CodeTrustView } from './code-trust-view';
import { useToolsFileTrust } from './tools-file-trust';
import { studioActions, useStudioStore } from './user-tools-store';

export function ToolsFileTrustPrompt() {
  const pending = useToolsFileTrust((s) => s.pending);
  if (!pending) return null;
  const clear = () => useToolsFileTrust.setState({ pending: null });
  return (
    <CodeTrustView
      label="Tools file code"
      title={
        pending.withCode.length === pending.total
          ? `This tools file carries code for ${pending.total} tool(s)`
          : `This tools file carries code for ${pending.withCode.length} of its ${pending.total} tools`
      }
      intro="Read it before you trust it. Until you do, nothing of the file is added and none of its code runs. Trusted tools join My tools and run only in the sandbox, within their time and memory limits."
      specs={pending.withCode}
      trustLabel="Trust and add to My tools"
      onTrust={() => {
        clear();
        void studioActions.importFile(pending.text, { trusted: true });
      }}
      onDismiss={() => {
        clear();
        useStudioStore.setState({
          notice: { kind: 'info', text: 'The tools file was not imported; none of its code ran.' },
        });
      }}
    />
  );
}
