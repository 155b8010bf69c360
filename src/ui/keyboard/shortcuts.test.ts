// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { createTestPlayground } from '../../store/test-playground';
import { isTypingTarget, SHORTCUTS, shortcutFor } from './shortcuts';

function press(target: Element, key: string, init: KeyboardEventInit = {}): string | null {
  let found: string | null = null;
  const listener = (event: KeyboardEvent) => {
    found = shortcutFor(event)?.id ?? null;
  };
  document.addEventListener('keydown', listener);
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, ...init }));
  document.removeEventListener('keydown', listener);
  return found;
}

describe('debugger shortcuts', () => {
  it('maps the documented keys on the page', () => {
    expect(press(document.body, 's')).toBe('step');
    expect(press(document.body, 'F10')).toBe('step');
    expect(press(document.body, 'r')).toBe('run');
    expect(press(document.body, 'x')).toBe('stop');
    expect(press(document.body, 'a')).toBe('approve');
    expect(press(document.body, 'A', { shiftKey: true })).toBe('approve-all');
    expect(press(document.body, 'd')).toBe('deny');
    expect(press(document.body, '?', { shiftKey: true })).toBe('help');
    // Browser shortcuts stay the browser's.
    expect(press(document.body, 's', { ctrlKey: true })).toBeNull();
    expect(press(document.body, 'r', { metaKey: true })).toBeNull();
  });

  it('ignores plain keys while typing, but not on checkboxes and buttons; Ctrl+Enter sends from a field', () => {
    document.body.innerHTML = `
      <textarea id="t"></textarea><input id="i" type="text"><input id="c" type="checkbox"><button id="b">x</button>
      <div class="cm-editor"><div id="cm" contenteditable="true"></div></div>
      <dialog open><button id="d">in dialog</button></dialog>`;
    const byId = (id: string) => document.getElementById(id)!;
    expect(press(byId('t'), 's')).toBeNull();
    expect(press(byId('i'), 'a')).toBeNull();
    expect(press(byId('cm'), 'r')).toBeNull();
    expect(press(byId('c'), 's')).toBe('step');
    expect(press(byId('b'), 'r')).toBe('run');
    expect(press(byId('t'), 'Enter', { ctrlKey: true })).toBe('send');
    expect(press(byId('d'), 's')).toBeNull();
    expect(isTypingTarget(byId('t'))).toBe(true);
    expect(isTypingTarget(byId('c'))).toBe(false);
  });

  it('Shift+F8 stops; F8 alone runs to the end', () => {
    expect(press(document.body, 'F8')).toBe('run');
    expect(press(document.body, 'F8', { shiftKey: true })).toBe('stop');
    expect(press(document.body, 'X', { shiftKey: true })).toBe('stop');
  });

  it('runs the action: P toggles "pause before executing tools"', () => {
    const { playground } = createTestPlayground();
    const before = playground.store.getState().workspace.settings.pauseBeforeTools;
    SHORTCUTS.find((s) => s.id === 'pause')!.run(playground);
    expect(playground.store.getState().workspace.settings.pauseBeforeTools).toBe(!before);
  });

  it('has unique ids and a label for every shortcut', () => {
    expect(new Set(SHORTCUTS.map((s) => s.id)).size).toBe(SHORTCUTS.length);
    for (const s of SHORTCUTS) expect(s.label.length).toBeGreaterThan(3);
  });
});
