/** The header's theme switch: the system's light or dark, light, dark, or the projector's high contrast. */
import type { Theme } from '../../engine';
import { THEMES } from '../../engine';
import { selectTheme } from '../../store/selectors';
import { useT } from '../../i18n';
import { usePlayground, usePlaygroundApi } from '../playground-context';
import { useAppliedTheme } from './theme';

export function ThemePicker() {
  const { t } = useT('shell');
  const { actions } = usePlaygroundApi();
  const theme = usePlayground(selectTheme);
  useAppliedTheme(theme);
  return (
    <label className="header-field header-theme">
      {t('theme')}
      <select aria-label={t('theme')} value={theme} onChange={(e) => actions.setTheme(e.target.value as Theme)}>
        {THEMES.map((id) => (
          <option key={id} value={id}>
            {t(`themes.${id}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
