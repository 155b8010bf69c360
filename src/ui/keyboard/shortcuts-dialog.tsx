/** The "Keyboard shortcuts" list, in a modal dialog opened by its button or by `?`. */
import { useEffect, useRef } from 'react';
import { useT } from '../../i18n';
import { selectShortcutsOpen } from '../../store/selectors';
import { usePlayground, usePlaygroundApi } from '../playground-context';
import { SHORTCUTS } from './shortcuts';

export function ShortcutsButton() {
  const { t } = useT('shell');
  const { actions } = usePlaygroundApi();
  return (
    <button
      type="button"
      className="button button-quiet keyboard-button"
      aria-keyshortcuts="?"
      onClick={actions.openShortcuts}
    >
      {t('shortcuts.button')} <kbd>?</kbd>
    </button>
  );
}

export function ShortcutsDialog() {
  const { t } = useT('shell');
  const { actions } = usePlaygroundApi();
  const open = usePlayground(selectShortcutsOpen);
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal?.();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="keyboard-dialog"
      aria-labelledby="keyboard-dialog-title"
      onClose={actions.closeShortcuts}
    >
      <h2 id="keyboard-dialog-title">{t('shortcuts.title')}</h2>
      <p className="small muted">{t('shortcuts.intro')}</p>
      <table className="table" aria-label={t('shortcuts.title')}>
        <thead>
          <tr>
            <th scope="col">{t('shortcuts.keys')}</th>
            <th scope="col">{t('shortcuts.action')}</th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUTS.map((s) => (
            <tr key={s.id}>
              <td>
                {s.keys.map((k, i) => (
                  <span key={k}>
                    {i > 0 && t('shortcuts.or')}
                    <kbd>{k}</kbd>
                  </span>
                ))}
              </td>
              <td>{t(`shortcut.${s.id}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" className="button" onClick={actions.closeShortcuts}>
        {t('shortcuts.close')}
      </button>
    </dialog>
  );
}
