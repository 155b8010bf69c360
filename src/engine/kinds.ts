/**
 * A vocabulary written once. Where the words are a plain union, the list comes first (`as const`) and the union is
 * derived from it (`type K = (typeof KS)[number]`). Where they are the discriminants of object types (events, turn
 * actions), the list is written as a record keyed by them: the compiler refuses a missing or an extra key in that one
 * expression, so no separate completeness guard is needed.
 */

/** The keys of `all`, in order: `kindsOf<Kind>()({ a: true, b: true })` lists every `Kind` exactly once. */
export const kindsOf =
  <K extends string>() =>
  (all: Readonly<Record<K, true>>): readonly K[] =>
    Object.keys(all) as K[];
