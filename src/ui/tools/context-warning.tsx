/**
 * Warns, above the tools, when the tools the next request carries (every exposed one, or with tool search what it
 * found) take more than the model's context, or more than half of it. The model's context comes from the selected runtime when it knows
 * it (the CPU runtime's n_ctx, WebLLM's catalog); without one nothing is claimed.
 */
import { useMemo } from 'react';
import { checkToolContext, exposedDefinitions, ok } from '../../engine';
import { useFormat, useT } from '../../i18n';
import { selectCatalog, selectNextRequest, selectRuntimeStatus, selectWorkspace } from '../../store/selectors';
import { usePlayground } from '../playground-context';

export function ContextWarning() {
  const { t } = useT('tools');
  const format = useFormat();
  const workspace = usePlayground(selectWorkspace);
  const catalog = usePlayground(selectCatalog);
  const contextTokens = usePlayground(selectRuntimeStatus).contextTokens;
  const next = usePlayground(selectNextRequest);
  const check = useMemo(() => {
    // Without a known context there is nothing to compare with: skip the estimate (10,000 definitions).
    if (contextTokens === undefined) return null;
    // The tools the next request really carries (tool search sends only what was found); before a request can
    // be built (no message yet…), every exposed tool, as the first request will carry them.
    const tools = next.ok ? ok(next.value.tools) : exposedDefinitions(workspace, catalog.all);
    if (!tools.ok || tools.value.length === 0 || workspace.settings.toolChoice === 'none') return null;
    return { count: tools.value.length, result: checkToolContext(tools.value, contextTokens) };
  }, [next, workspace, catalog.all, contextTokens]);
  if (!check || (check.result.kind !== 'over' && check.result.kind !== 'near')) return null;
  const values = {
    count: format.number(check.count),
    tokens: format.number(check.result.tokens),
    context: format.number(check.result.context),
    percent: format.number(check.result.share, { style: 'percent' }),
  };
  const over = check.result.kind === 'over';
  return (
    <p
      className={`notice ${over ? 'notice-error' : 'notice-info'} context-warning`}
      role={over ? 'alert' : 'status'}
      data-testid="tools-context-warning"
      data-kind={check.result.kind}
    >
      {over ? t('context', values) : t('contextNear', values)}
    </p>
  );
}
