/** The trust prompt for a tools file with code (the user-tools slice's `pendingToolsFile`). Declining adds nothing. */
import { selectStudio } from '../../store/selectors';
import { usePlayground, usePlaygroundApi } from '../playground-context';
import { CodeTrustView } from './code-trust-view';

export function ToolsFileTrustPrompt() {
  const { userTools } = usePlaygroundApi();
  const pending = usePlayground(selectStudio).pendingToolsFile;
  if (!pending) return null;
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
      onTrust={() => void userTools.trustToolsFile()}
      onDismiss={() => userTools.declineToolsFile()}
    />
  );
}
