// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n, I18nRoot } from '../i18n';
import { PanelBoundary } from './error-boundary';

afterEach(cleanup);

/** A panel that throws while `broken.now` is true, like a component reading a field a damaged record lacks. */
const broken = { now: true };
function FlakyPanel() {
  if (broken.now) throw new TypeError("Cannot read properties of undefined (reading 'usage')");
  return <p>Panel content</p>;
}

describe('a panel that throws', () => {
  it('shows what failed with Reload this panel, while its neighbour keeps working; Reload renders it again', async () => {
    const i18n = await createI18n('en');
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <I18nRoot i18n={i18n}>
        <PanelBoundary panel="inspector">
          <FlakyPanel />
        </PanelBoundary>
        <PanelBoundary panel="loop">
          <p>Loop still here</p>
        </PanelBoundary>
      </I18nRoot>,
    );
    const failed = screen.getByTestId('panel-failed-inspector');
    expect(failed.textContent).toContain(
      "The Inspector panel failed: TypeError: Cannot read properties of undefined (reading 'usage')",
    );
    expect(screen.getByText('Loop still here')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export diagnostics' })).toBeTruthy();
    // Still broken: Reload shows the failure again rather than a blank panel.
    fireEvent.click(screen.getByRole('button', { name: 'Reload this panel' }));
    expect(screen.getByTestId('panel-failed-inspector')).toBeTruthy();
    broken.now = false;
    fireEvent.click(screen.getByRole('button', { name: 'Reload this panel' }));
    expect(screen.getByText('Panel content')).toBeTruthy();
    expect(screen.queryByTestId('panel-failed-inspector')).toBeNull();
    quiet.mockRestore();
  });

  it('reports a thrown value that cannot be turned into text by what it is', async () => {
    const i18n = await createI18n('en');
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const hostile = {
      toString() {
        throw new Error('no');
      },
    };
    function Hostile(): never {
      throw hostile;
    }
    render(
      <I18nRoot i18n={i18n}>
        <PanelBoundary panel="tools">
          <Hostile />
        </PanelBoundary>
      </I18nRoot>,
    );
    expect(screen.getByTestId('panel-failed-tools').textContent).toContain('The Tools panel failed: [object Object]');
    quiet.mockRestore();
  });
});
