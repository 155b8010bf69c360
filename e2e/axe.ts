/**
 * The axe audit every spec runs: WCAG 2.0 and 2.1, A and AA, on the page (narrow it with `.include(...)`), with the
 * experimental rules that fit the app: label-in-name (`label-content-name-mismatch`, WCAG 2.5.3: a control's
 * accessible name contains its visible text, so voice control works by saying what is seen), orientation lock, a
 * paragraph styled as a heading, and the table rules (a fake caption, a data cell without a header). Two
 * experimental rules are left out: `focus-order-semantics` (a best practice that flags focusable non-widgets such as
 * scrollable regions) and `hidden-content` (a review item, not a check).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The experimental rules the audits add (see above). */
export const EXPERIMENTAL_RULES = [
  'label-content-name-mismatch',
  'css-orientation-lock',
  'p-as-heading',
  'table-fake-caption',
  'td-has-header',
] as const;

const LEFT_OUT = ['focus-order-semantics', 'hidden-content'];

/**
 * An AxeBuilder for `page` with those rules. By default AxeBuilder runs `axe.runPartial` in every frame, then opens a
 * new blank tab, injects axe there once more and runs `axe.finishRun` in it — a second renderer per audit, seconds on
 * a busy machine. A page with no child frame (the app has none) gets the same rules on the same nodes from `axe.run`
 * in the page itself (legacy mode), so that is used there; a page that has frames keeps the default, which also
 * audits cross-origin frames.
 */
export function axeBuilder(page: Page): AxeBuilder {
  return new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'experimental'])
    .disableRules(LEFT_OUT)
    .setLegacyMode(page.frames().length === 1);
}

/** Only the experimental rules: quick enough to run on every scenario and every tab. */
export function experimentalAxeBuilder(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).withRules([...EXPERIMENTAL_RULES]).setLegacyMode(page.frames().length === 1);
}
