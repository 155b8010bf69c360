import { expect, test } from '@playwright/test';
import { assistantTurn, callCard, openScenario } from './helpers';

test.describe('keyboard', () => {
  test('drive a whole run with the keyboard alone', async ({ page }) => {
    await openScenario(page, 'seoul-time-math');
    const caption = page.getByTestId('phase-caption');

    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(help).toBeVisible();
    await expect(help.getByRole('table', { name: 'Keyboard shortcuts' })).toContainText('Run to end');
    await page.keyboard.press('Escape');
    await expect(help).toBeHidden();

    await page.keyboard.press('p');
    await expect(page.getByLabel('Pause before executing tools')).toBeChecked();
    await page.keyboard.press('s'); // sends the user message and calls the model
    await expect(caption).toContainText('Phase: approve');
    await page.keyboard.press('a');
    // The decision shows on the card (still changeable until Step), and A moves on to call_2.
    await expect(callCard(page, 'call_1').getByTestId('decision-call_1')).toContainText('Decided: approved');
    await expect(page.getByTestId('next-call_2')).toBeVisible();
    await page.keyboard.press('a');
    await expect(caption).toContainText('Phase: execute');
    await page.keyboard.press('s');
    await expect(page.getByTestId('tool-result-call_2')).toContainText('896');
    await page.keyboard.press('s');
    await expect(caption).toContainText('Phase: approve');
    await page.keyboard.press('d');
    await expect(caption).toContainText('Phase: execute');
    await page.keyboard.press('r');
    await expect(page.getByTestId('run-end')).toBeVisible();
    await expect(page.getByTestId('tool-result-call_3')).toContainText('denied');
    await expect(assistantTurn(page, 3)).toBeVisible();
  });

  test('keys do not fire while typing; Ctrl+Enter sends; Stop and New run have keys', async ({ page }) => {
    await page.goto('/?scenario=seoul-time-math&speed=5');
    await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
    const message = page.getByLabel('User message');
    await message.fill('Hi');
    await message.press('s');
    await message.press('r');
    await expect(message).toHaveValue('Hisr');
    await expect(page.getByTestId('phase-caption')).toContainText('No run yet');
    await message.press('Control+Enter');
    await expect(page.getByTestId('phase-caption')).toContainText('Phase: prompt');
    // Leave the field: from the page itself the plain keys drive the debugger again.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('s');
    await expect(page.getByTestId('streaming-text')).toBeVisible();
    await page.keyboard.press('x');
    await expect(page.getByTestId('run-end')).toContainText('aborted');
    await page.keyboard.press('n');
    await expect(page.getByTestId('phase-caption')).toContainText('No run yet');
  });

  test('every control has an accessible name and a visible focus', async ({ page }) => {
    await openScenario(page, 'seoul-time-math');
    const unnamed = await page.evaluate(() => {
      const controls = [
        ...document.querySelectorAll<HTMLElement>('button, input, select, textarea, a[href], summary, [role="tab"]'),
      ];
      return controls
        .filter((el) => el.offsetParent !== null || el.getClientRects().length > 0)
        .filter((el) => {
          const labelled = el.getAttribute('aria-labelledby');
          const name =
            el.getAttribute('aria-label') ??
            (labelled ? document.getElementById(labelled)?.textContent : null) ??
            ((el as HTMLInputElement).labels?.[0]?.textContent || null) ??
            el.getAttribute('title') ??
            el.textContent;
          return !name || name.trim() === '';
        })
        .map((el) => el.outerHTML.slice(0, 120));
    });
    expect(unnamed).toEqual([]);

    // From the user message, Tab to the Step button: the focus ring is drawn.
    await page.getByLabel('User message').focus();
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Tab');
      if (await page.evaluate(() => document.activeElement?.textContent === 'Step')) break;
    }
    const outline = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement!);
      return { text: document.activeElement?.textContent, style: style.outlineStyle, width: style.outlineWidth };
    });
    expect(outline.text).toBe('Step');
    expect(outline.style).not.toBe('none');
    expect(outline.width).not.toBe('0px');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('phase-caption')).toContainText(/Phase: (model|execute|approve|prompt)/);
  });
});
