/**
 * The debugger's keyboard shortcuts: one list, read by the key handler and by the "Keyboard shortcuts" dialog,
 * so what is documented is what works. Plain keys fire only when focus is not in a text field (typing an "s"
 * in the user message must not step the loop); Ctrl/⌘+Enter sends from anywhere, the message field included.
 */
import { nextToApprove } from '../../engine';
import type { Playground } from '../../store/playground';
import { focusAfterDecision } from '../loop/decision-focus';
import { togglePresenter } from '../presenter/presenter-mode';

/** Each shortcut's id: its line in the dialog is `shell:shortcut.<id>` in the catalogs. */
export type ShortcutId =
  'step' | 'run' | 'stop' | 'send' | 'approve' | 'approve-all' | 'deny' | 'pause' | 'presenter' | 'new-run' | 'help';

export interface Shortcut {
  readonly id: ShortcutId;
  /** How the keys are shown, e.g. ["S", "F10"]. */
  readonly keys: readonly string[];
  /** What it does, in English (the dialog shows the catalog's line in the page's language). */
  readonly label: string;
  /** Fires also while typing in a field (it needs a modifier, so it cannot clash with text). */
  readonly inFields?: boolean;
  readonly matches: (event: KeyboardEvent) => boolean;
  readonly run: (playground: Playground) => void;
}

const plain = (event: KeyboardEvent) => !event.ctrlKey && !event.metaKey && !event.altKey;
const key =
  (...names: string[]) =>
  (event: KeyboardEvent) =>
    plain(event) && names.includes(event.key);

function firstAwaiting(playground: Playground): string | undefined {
  return playground.store.getState().run.loop.pending?.awaiting[0];
}

export const SHORTCUTS: readonly Shortcut[] = [
  {
    id: 'step',
    keys: ['S', 'F10'],
    label: 'Step: one phase (sends the user message first when the run is idle)',
    matches: key('s', 'S', 'F10'),
    run: (p) => void p.actions.step(),
  },
  {
    id: 'run',
    keys: ['R', 'F8'],
    label: 'Run to end (waits at a pause)',
    // Shift+F8 is Stop: F8 runs only without Shift.
    matches: (e) => key('r', 'R')(e) || (plain(e) && !e.shiftKey && e.key === 'F8'),
    run: (p) => void p.actions.runToEnd(),
  },
  {
    id: 'stop',
    keys: ['X', 'Shift+F8'],
    label: 'Stop',
    matches: (e) => key('x', 'X')(e) || (plain(e) && e.shiftKey && e.key === 'F8'),
    run: (p) => p.actions.stop(),
  },
  {
    id: 'send',
    keys: ['Ctrl+Enter', '⌘+Enter'],
    label: 'Send the user message',
    inFields: true,
    matches: (e) => (e.ctrlKey || e.metaKey) && !e.altKey && e.key === 'Enter',
    run: (p) => void p.actions.send(),
  },
  {
    id: 'approve',
    keys: ['A'],
    label: 'Approve the first tool call waiting at a pause (the one marked “A approves this call next”)',
    matches: (e) => plain(e) && !e.shiftKey && (e.key === 'a' || e.key === 'A'),
    run: (p) => {
      const id = nextToApprove(p.store.getState().run.loop);
      if (id)
        void p.actions.approve(id).then(() => {
          // Focus follows to the next undecided call, as after a click on Approve.
          if (document.activeElement?.closest('.call-card')) focusAfterDecision(p.store.getState().run.loop);
        });
    },
  },
  {
    id: 'approve-all',
    keys: ['Shift+A'],
    label: 'Approve every waiting tool call',
    matches: (e) => plain(e) && e.shiftKey && (e.key === 'A' || e.key === 'a'),
    run: (p) => void p.actions.approveAll(),
  },
  {
    id: 'deny',
    keys: ['D'],
    label: 'Deny the first tool call waiting at a pause (the model receives a denial)',
    matches: key('d', 'D'),
    run: (p) => {
      const id = firstAwaiting(p);
      if (id) void p.actions.deny(id);
    },
  },
  {
    id: 'pause',
    keys: ['P'],
    label: 'Toggle “Pause before executing tools”',
    matches: key('p', 'P'),
    run: (p) => p.actions.setSettings({ pauseBeforeTools: !p.store.getState().workspace.settings.pauseBeforeTools }),
  },
  {
    id: 'presenter',
    keys: ['F'],
    label: 'Presenter view on/off (larger type, transcript and inspector side by side)',
    matches: key('f', 'F'),
    run: () => togglePresenter(),
  },
  { id: 'new-run', keys: ['N'], label: 'New run', matches: key('n', 'N'), run: (p) => p.actions.newRun() },
  {
    id: 'help',
    keys: ['?'],
    label: 'Show this list of shortcuts',
    matches: key('?'),
    run: (p) => p.actions.openShortcuts(),
  },
];

/** True when the event comes from somewhere text is typed: inputs, text areas, selects, code editors. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const element = target as HTMLElement;
  if (element.isContentEditable) return true;
  const field = element.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"], .cm-editor');
  if (!field) return false;
  // Checkboxes and buttons take no text: keys still drive the debugger from them.
  if (field instanceof HTMLInputElement)
    return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'file'].includes(field.type);
  return true;
}

/** The shortcut a key press means here, or null (typing in a field, inside a modal dialog, or no match). */
export function shortcutFor(event: KeyboardEvent): Shortcut | null {
  if (event.defaultPrevented || event.isComposing || event.repeat) return null;
  const typing = isTypingTarget(event.target);
  const inDialog = event.target instanceof Element && event.target.closest('dialog[open]') !== null;
  for (const shortcut of SHORTCUTS) {
    if (!shortcut.matches(event)) continue;
    if (typing && !shortcut.inFields) return null;
    if (inDialog) return null;
    return shortcut;
  }
  return null;
}
