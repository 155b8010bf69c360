/** The header's presenter-view switch (also key F, and `?present` in the address). */
import { useT } from '../../i18n';
import { togglePresenter, usePresenter } from './presenter-mode';

export function PresenterToggle() {
  const { t } = useT('presenter');
  const on = usePresenter();
  return (
    <button
      type="button"
      className="button header-button"
      aria-pressed={on}
      title={t('hint')}
      onClick={() => togglePresenter()}
      data-testid="presenter-toggle"
    >
      {t('toggle')}
    </button>
  );
}
