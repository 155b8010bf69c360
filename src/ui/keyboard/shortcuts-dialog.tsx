/** The "Keyboard shortcuts" list, in a modal dialog opened by its button or by `?`. */
import { useEffect, useRef } from 'react';
import { selectShortcutsOpen } from '../../store/selectors';
import { usePlayground, usePlaygroundApi } from '../playground-context';
import { SHORTCUTS } from './shortcuts';

export function ShortcutsButton() {
  const { actions } = usePlaygroundApi();
  return (
    <button
      type="button"
      className="button button-quiet keyboard-button"
      aria-keyshortcuts="?"
      onClick={actions.openShortcuts}
    >
      Keyboard shortcuts <kbd>?</kbd>
    </button>
  );
}

export function ShortcutsDialog() {
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
      <h2 id="keyboard-dialog-title">Keyboard shortcuts</h2>
      <p className="small muted">Single keys work when the focus is not in a text field. Tab moves between controls.</p>
      <table className="table" aria-label="Keyboard shortcuts">
        <thead>
          <tr>
            <th scope="col">keys</th>
            <th scope="col">action</th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUTS.map((s) => (
            <tr key={s.id}>
              <td>
                {s.keys.map((k, i) => (
                  <span key={k}>
                    {i > 0 && ' or '}
                    <kbd>{k}</kbd>
                  </span>
                ))}
              </td>
              <td>{s.label}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" className="button" onClick={actions.closeShortcuts}>
        Close
      </button>
    </dialog>
  );
}
