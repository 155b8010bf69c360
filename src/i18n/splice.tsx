/**
 * A translated sentence with an element inside it (a `<code>` name, a `<strong>` model id): the catalog keeps
 * the whole sentence with a `{{placeholder}}` where the element goes, so each language places it where its
 * grammar wants. `t(key, { ...values, block: SLOT })` then `splice(text, <code>…</code>)`.
 */
import { Fragment, type ReactNode } from 'react';

/** Stands for the element in the translated text (a private-use character no catalog contains). */
export const SLOT = '\uE000';

/** The text with each SLOT replaced by `node`. */
export function splice(text: string, node: ReactNode): ReactNode {
  const parts = text.split(SLOT);
  return parts.map((part, i) => (
    <Fragment key={i}>
      {i > 0 && node}
      {part}
    </Fragment>
  ));
}
