/**
 * The page's one way to word an engine message (`Coded`: a code and its values, see src/engine/coded.ts): the
 * catalog entry `<group>.<code>` of a namespace, its values filled in by i18next. A `count` value becomes a number,
 * so i18next picks the plural form of the page's language (`_one` / `_other`); every other value is text as the
 * engine wrote it.
 */
import type { TFunction } from 'i18next';
import type { Coded, MessageValues } from '../engine/tables';
import type { Namespace } from './catalog';

/** A message's values as the catalog takes them: `count` as a number (i18next plurals only on a number). */
export function catalogValues(values: MessageValues = {}): Record<string, string | number> {
  return values.count === undefined ? { ...values } : { ...values, count: Number(values.count) };
}

/**
 * `message` in the words of `t`'s language: the entry `<group>.<code>`. The code comes from an engine table whose
 * English is that group's catalog section, so every code has its entry (the catalogs' tests hold every language to
 * the English keys).
 */
export function wordMessage<N extends Namespace>(t: TFunction<N>, group: string, message: Coded): string {
  const translate = t as unknown as (key: string, options: Record<string, string | number>) => string;
  return translate(`${group}.${message.code}`, catalogValues(message.values));
}
