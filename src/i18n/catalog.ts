/**
 * The shape of a catalog: the English one's, with every leaf a string. A Korean namespace typed
 * `Catalog['ns']` therefore fails to compile when it misses a key or adds one; `catalogs.test.ts` checks the
 * same at run time, and that each translation keeps the English one's `{{placeholders}}`. A plural pair
 * (`key_one` / `key_other`, i18next's suffixes) needs only its `_other` form in a language without a singular
 * form of its own (Korean).
 */
import type { en } from './locales/en';

type Strings<T> = {
  readonly [K in keyof T as K extends `${string}_one` ? never : K]: T[K] extends string ? string : Strings<T[K]>;
} & { readonly [K in keyof T as K extends `${string}_one` ? K : never]?: string };

export type Catalog = Strings<typeof en>;
export type Namespace = keyof Catalog;
