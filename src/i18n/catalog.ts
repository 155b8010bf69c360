/**
 * The shape of a catalog: the English one's, with every leaf a string. A Korean namespace typed
 * `Catalog['ns']` therefore fails to compile when it misses a key or adds one; `catalogs.test.ts` checks the
 * same at run time, and that each translation keeps the English one's `{{placeholders}}`.
 */
import type { en } from './locales/en';

type Strings<T> = { readonly [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };

export type Catalog = Strings<typeof en>;
export type Namespace = keyof Catalog;
