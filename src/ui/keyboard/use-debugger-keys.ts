/** Installs the debugger's keyboard shortcuts (see shortcuts.ts) on the document; call once, in App. */
import { useEffect } from 'react';
import { usePlaygroundApi } from '../playground-context';
import { shortcutFor } from './shortcuts';

export function useDebuggerKeys(): void {
  const playground = usePlaygroundApi();
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const shortcut = shortcutFor(event);
      if (!shortcut) return;
      event.preventDefault();
      shortcut.run(playground);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [playground]);
}
