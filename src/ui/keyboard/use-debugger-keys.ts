/** Installs the debugger's keyboard shortcuts (see shortcuts.ts) on the document; call once, in App. */
import { useEffect } from 'react';
import { shortcutFor } from './shortcuts';

export function useDebuggerKeys(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const shortcut = shortcutFor(event);
      if (!shortcut) return;
      event.preventDefault();
      shortcut.run();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
