/**
 * The footer: installs the debugger keys (once, here, since App renders it once), the "Keyboard shortcuts"
 * button and dialog, and the offline / cache status.
 */
import { useT } from '../../i18n';
import { OfflineStatus } from '../offline/offline-status';
import { ShortcutsButton, ShortcutsDialog } from './shortcuts-dialog';
import { useDebuggerKeys } from './use-debugger-keys';
import './keyboard.css';

export function StatusBar() {
  const { t } = useT('shell');
  useDebuggerKeys();
  return (
    <footer className="status-bar" aria-label={t('status')}>
      <OfflineStatus />
      <ShortcutsButton />
      <ShortcutsDialog />
    </footer>
  );
}
