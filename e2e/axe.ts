/** The axe audit every spec runs: WCAG 2 A and AA rules, on the page (narrow it with `.include(...)`). */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * An AxeBuilder for `page` with the WCAG 2 A and AA rules. By default AxeBuilder runs `axe.runPartial` in every
 * frame, then opens a new blank tab, injects axe there once more and runs `axe.finishRun` in it — a second
 * renderer per audit, seconds on a busy machine. A page with no child frame (the app has none) gets the same rules
 * on the same nodes from `axe.run` in the page itself (legacy mode), so that is used there; a page that has frames
 * keeps the default, which also audits cross-origin frames.
 */
export function axeBuilder(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).setLegacyMode(page.frames().length === 1);
}
