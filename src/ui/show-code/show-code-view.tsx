/**
 * "Show the code" (#16 item 7): the current loop — exposed tools as the model receives them, the loop settings, the
 * advisors and their orders — as a program for the chosen SDK, from the pure generators in engine/codegen. Copy
 * puts it on the clipboard; Download saves it under the SDK's file name.
 */
import './show-code.css';
import { useMemo, useState } from 'react';
import type { CodeTarget } from '../../engine';
import { advisorsOf, CODE_TARGETS, exposedDefinitions, generateProgram, getScenario } from '../../engine';
import { useT } from '../../i18n/react';
import { selectCatalog, selectEvents, selectWorkspace } from '../../store/selectors';
import { downloadText } from '../download';
import { usePlayground } from '../playground-context';
import { useScenarioText } from '../scenarios/scenario-text';

export function ShowCodeView() {
  const { t } = useT('code');
  const scenarioText = useScenarioText();
  const workspace = usePlayground(selectWorkspace);
  const catalog = usePlayground(selectCatalog);
  const events = usePlayground(selectEvents);
  const [target, setTarget] = useState<CodeTarget>('openai-ts');
  const [copyState, setCopyState] = useState<string | null>(null);

  const program = useMemo(() => {
    const tools = exposedDefinitions(workspace, catalog.all);
    if (!tools.ok) return tools;
    const sent = events.find((e) => e.type === 'user-message');
    const scenario = getScenario(workspace.scenarioId ?? '');
    const user =
      workspace.userDraft.trim() || (sent?.type === 'user-message' ? sent.content : '') || scenario?.user || '';
    return {
      ok: true as const,
      value: generateProgram(target, {
        title: scenario ? scenarioText(scenario).title : t('yourWorkspace'),
        system: workspace.system,
        user,
        tools: tools.value,
        settings: workspace.settings,
        advisors: advisorsOf(workspace),
      }),
    };
  }, [workspace, catalog, events, target, t, scenarioText]);

  const copy = (text: string) => {
    navigator.clipboard.writeText(text).then(
      () => setCopyState(t('copied')),
      (error: unknown) =>
        setCopyState(t('copyFailed', { reason: error instanceof Error ? error.message : String(error) })),
    );
  };

  return (
    <section className="show-code" aria-labelledby="show-code-title">
      <h3 id="show-code-title">{t('title')}</h3>
      <p className="muted small">{t('intro')}</p>
      <div className="show-code-toolbar">
        <label className="inline-field">
          {t('target')}
          <select
            value={target}
            data-testid="code-target"
            onChange={(e) => {
              setTarget(e.target.value as CodeTarget);
              setCopyState(null);
            }}
          >
            {CODE_TARGETS.map((id) => (
              <option key={id} value={id}>
                {t(`targets.${id}`)}
              </option>
            ))}
          </select>
        </label>
        {program.ok && (
          <>
            <button type="button" className="button" onClick={() => copy(program.value.code)}>
              {t('copy')}
            </button>
            <button
              type="button"
              className="button"
              onClick={() => downloadText(program.value.filename, program.value.code, 'text/plain')}
            >
              {t('download', { filename: program.value.filename })}
            </button>
            {copyState && (
              <span className="muted small" role="status">
                {copyState}
              </span>
            )}
          </>
        )}
      </div>
      {program.ok ? (
        <pre
          className="code-block show-code-source"
          data-testid="show-code-source"
          tabIndex={0}
          aria-label={t('source')}
        >
          {program.value.code}
        </pre>
      ) : (
        <p className="notice notice-error" role="alert">
          {t('toolsProblem', { reason: program.error })}
        </p>
      )}
    </section>
  );
}
