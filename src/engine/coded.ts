/**
 * Sentences as data. The engine never hands the page a sentence: it hands a `Coded` message, a code of one of its
 * message tables and the values its placeholders take, and the page words it in its own language. Each table is
 * made once with `defineMessages` from the English templates; the English catalog takes its entries from the same
 * table (`catalog`), so English is written once, and `english` fills a template where English itself is wanted (a
 * text export, a log, a test). `fillTemplate` is the one `{{placeholder}}` filler of the code base.
 *
 * A template is a string, or a plural pair (`one` / `other`) chosen by the `count` value with English plural rules;
 * the catalog writes a pair as i18next's `code_one` / `code_other`, so every language picks its own plural form.
 * A placeholder names a value; a value is text (numbers written out), so a message stores as plain JSON.
 */

/** The values a message's placeholders take: names, ids, numbers written as text, a quoted detail. */
export type MessageValues = Readonly<Record<string, string>>;

/** A message as data: its code in a table, and the values its placeholders take (absent when it has none). */
export interface Coded<C extends string = string> {
  readonly code: C;
  readonly values?: MessageValues;
}

/**
 * A notice: whether it reports a failure, and its sentences, worded one after another. The one notice shape of the
 * app: the loop's and the Runs tab's (loop/notices.ts) and the tool studio's (user-tools/notices.ts), each with
 * the codes of its own table.
 */
export interface CodedNotice<C extends string = string> {
  readonly kind: 'error' | 'info';
  readonly parts: readonly Coded<C>[];
}

/** One table entry: an English template, or a plural pair chosen by the `count` value. */
export type Template = string | { readonly one: string; readonly other: string };

/** A table's entries as the catalog takes them: a plural pair becomes `code_one` and `code_other`. */
export type CatalogEntries<T extends Readonly<Record<string, Template>>> = {
  readonly [K in keyof T & string as T[K] extends string ? K : `${K}_one` | `${K}_other`]: string;
};

/** A message table: its codes, its English for the catalog, and messages made and worded from it. */
export interface Messages<T extends Readonly<Record<string, Template>>> {
  /** The English templates by code, as the table was written. */
  readonly templates: T;
  /** Every code, in the table's order. */
  readonly codes: readonly (keyof T & string)[];
  /** The English templates as catalog entries (the English catalog's section for this table). */
  readonly catalog: CatalogEntries<T>;
  /** Whether `code` is one of the table's (for a code read back from stored data). */
  has(code: string): code is keyof T & string;
  /** A message of `code`, its values left out when there are none. */
  coded<C extends keyof T & string>(code: C, values?: MessageValues): Coded<C>;
  /** The English sentence of a message: its template filled in (a placeholder without a value stays as written). */
  english(message: Coded<keyof T & string>): string;
}

const PLACEHOLDER = /\{\{(\w+)\}\}/g;
const ENGLISH_PLURALS = new Intl.PluralRules('en');

/** `template` with each `{{name}}` replaced by `values[name]`; a placeholder without a value stays as written. */
export function fillTemplate(template: string, values: MessageValues = {}): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => values[name] ?? whole);
}

/** The placeholder names of a template, in order of appearance. */
export function placeholdersOf(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((match) => match[1]!);
}

/** The form of `template` for `values`: a plural pair picks by `count` (English rules), a string is itself. */
export function englishForm(template: Template, values: MessageValues = {}): string {
  if (typeof template === 'string') return template;
  return ENGLISH_PLURALS.select(Number(values.count)) === 'one' ? template.one : template.other;
}

/** Makes the message table of `table` (English templates by code). */
export function defineMessages<const T extends Readonly<Record<string, Template>>>(table: T): Messages<T> {
  type Code = keyof T & string;
  const codes = Object.keys(table) as Code[];
  const catalog: Record<string, string> = {};
  for (const code of codes) {
    const template = table[code]!;
    if (typeof template === 'string') catalog[code] = template;
    else {
      catalog[`${code}_one`] = template.one;
      catalog[`${code}_other`] = template.other;
    }
  }
  return {
    templates: table,
    codes,
    catalog: catalog as CatalogEntries<T>,
    has: (code: string): code is Code => Object.hasOwn(table, code),
    coded: <C extends Code>(code: C, values?: MessageValues): Coded<C> =>
      values === undefined ? { code } : { code, values },
    english: (message: Coded<Code>) => fillTemplate(englishForm(table[message.code]!, message.values), message.values),
  };
}
