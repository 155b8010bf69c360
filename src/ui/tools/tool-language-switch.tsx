/**
 * "Tool descriptions: English / 한국어" — shown when an exposed tool has Korean words and either the page is in
 * Korean or the tools are described in Korean now (the Korean scenarios). The
 * tools' names and schemas stay; only their descriptions change, from the next request on (the Request tab shows
 * them). The Korean tutorial notes small models often follow English descriptions more reliably: try both.
 */
import type { ToolLanguage } from '../../engine';
import { toolLanguageOf } from '../../engine';
import { useT } from '../../i18n';
import { selectBusy, selectWorkspace } from '../../store/selectors';
import { usePlayground, usePlaygroundApi } from '../playground-context';

const LANGUAGES: readonly ToolLanguage[] = ['en', 'ko'];

export function ToolLanguageSwitch() {
  const { t, i18n } = useT('toolLanguage');
  const { actions } = usePlaygroundApi();
  const language = toolLanguageOf(usePlayground(selectWorkspace));
  const busy = usePlayground(selectBusy);
  // Offered where it matters: in the Korean page, or while the tools are described in Korean (a Korean scenario).
  if (language === null || (language === 'en' && i18n.language !== 'ko')) return null;
  return (
    <fieldset className="tool-language" data-testid="tool-language">
      <legend>{t('legend')}</legend>
      {LANGUAGES.map((option) => (
        <label key={option} className="inline-field">
          <input
            type="radio"
            name="tool-language"
            value={option}
            checked={language === option}
            disabled={busy}
            onChange={() => actions.setToolLanguage(option)}
          />
          <span lang={option}>{t(`option.${option}`)}</span>
        </label>
      ))}
      <p className="muted small">{t('hint')}</p>
    </fieldset>
  );
}
