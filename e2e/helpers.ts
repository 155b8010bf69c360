/** Shared steps for the end-to-end specs. */
import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';

/** Opens the app on a scenario with instant scripted streaming and waits until it is ready. */
export async function openScenario(page: Page, scenario: string, extra = ''): Promise<void> {
  await page.goto(`/?scenario=${scenario}&speed=instant${extra}`);
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
}

export function button(page: Page | Locator, name: string): Locator {
  return page.getByRole('button', { name, exact: true });
}

export function assistantTurn(page: Page, round: number): Locator {
  return page.getByTestId(`assistant-${round}`);
}

export function callCard(page: Page, callId: string): Locator {
  return page.getByTestId(`call-${callId}`);
}

export async function expectStop(turn: Locator, raw: string, derived: string): Promise<void> {
  const badge = turn.getByTestId('stop-badge').first();
  await expect(badge).toHaveAttribute('data-raw', raw);
  await expect(badge).toHaveAttribute('data-derived', derived);
}
