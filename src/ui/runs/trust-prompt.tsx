/**
 * The trust prompt for tool code that came in an imported run file. The code is shown as text; nothing runs and
 * nothing is added to the workspace until the person chooses "Trust and add". Trusted tools join "My tools" and
 * run only in the sandbox, like any user tool.
 */
import { exportUserTools } from '../../engine/user-tools';
import { selectRunFiles } from '../../store/selectors';
import { usePlayground, usePlaygroundApi } from '../playground-context';

export function TrustPrompt() {
  const playground = usePlaygroundApi();
  const { runFiles: runFileActions, userTools } = playground;
  const pending = usePlayground(selectRunFiles).pendingTrust;
  if (!pending) return null;
  const trust = async () => {
    await userTools.init();
    await userTools.importFile(exportUserTools(pending.specs, Date.now()));
    const studio = playground.store.getState().userTools;
    runFileActions.clearPendingTrust();
    await runFileActions.reopen(pending.runId);
    runFileActions.say({
      kind: studio.notice?.kind ?? 'info',
      text: `${studio.notice?.text ?? 'Added the tools.'} ${studio.problems.join(' ')}`.trim(),
    });
  };
  return (
    <section className="runs-trust" role="region" aria-label="Imported tool code">
      <h3>This file carries code for {pending.specs.length} tool(s)</h3>
      <p className="small">
        Read it before you trust it. Until then nothing of it runs: calls to these tools get an “unknown tool” result.
        Trusted tools join <strong>My tools</strong> and run in the sandbox, with their time limit
        {pending.specs.some((s) => s.allowNetwork) ? ' — some ask for network access' : ''}.
      </p>
      {pending.specs.map((spec) => (
        <details key={spec.id} className="runs-trust-tool" open>
          <summary>
            <code>{spec.name}</code> <span className="badge">{spec.kind}</span>
            {spec.allowNetwork && <span className="badge badge-warn">network</span>}
            <span className="muted small"> {spec.timeoutMs} ms limit</span>
          </summary>
          <p className="small muted">{spec.description}</p>
          <pre className="code-block" aria-label={`Code of ${spec.name}`}>
            {spec.code === '' ? '(no code)' : spec.code}
          </pre>
        </details>
      ))}
      <div className="runs-row">
        <button type="button" className="button button-primary" onClick={() => void trust()}>
          Trust and add to My tools
        </button>
        <button type="button" className="button" onClick={() => runFileActions.dismissTrust()}>
          Don’t trust
        </button>
      </div>
    </section>
  );
}
