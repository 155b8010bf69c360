/**
 * How components speak: `const { t } = useT('loop')` then `t('send')` (keys typed from the English catalog), and
 * `useFormat()` for numbers and durations in the page's language (`Intl`). `I18nRoot` provides the instance and
 * keeps `<html lang>` in step with the language shown.
 */
import type { ReactNode } from 'react';
import { createContext, useContext, useEffect, useMemo } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { I18n } from './i18n';
import type { Namespace } from './catalog';

/** The formatters of each language the page has shown, one object per language, kept by the `I18nRoot` that made them. */
const FormattersContext = createContext<((language: string) => Formatters) | null>(null);

export function I18nRoot({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  const formattersOf = useMemo(() => {
    const made = new Map<string, Formatters>();
    return (language: string): Formatters => {
      let formatters = made.get(language);
      if (!formatters) made.set(language, (formatters = makeFormatters(language)));
      return formatters;
    };
  }, []);
  useEffect(() => {
    const sync = (language: string) => document.documentElement.setAttribute('lang', language);
    sync(i18n.language);
    i18n.on('languageChanged', sync);
    return () => i18n.off('languageChanged', sync);
  }, [i18n]);
  return (
    <I18nextProvider i18n={i18n}>
      <FormattersContext.Provider value={formattersOf}>{children}</FormattersContext.Provider>
    </I18nextProvider>
  );
}

export function useT<N extends Namespace>(namespace: N) {
  return useTranslation(namespace);
}

export interface Formatters {
  readonly language: string;
  number(value: number, options?: Intl.NumberFormatOptions): string;
  /** A duration in milliseconds: "850 ms", "1.2 s", "2 min 5 s" (in the page's language). */
  duration(ms: number): string;
  /** A date and time, medium length. */
  dateTime(epochMs: number): string;
  /**
   * A size in bytes with enough digits to tell small parts apart: "1.2 GB", "340 MB", "4.4 MB", "12 KB" (powers
   * of 1024, the labels browsers and web-llm use), or with `binary` the IEC labels llama.cpp prints ("1.2 GiB",
   * "569 KiB"). The number is written in the page's language; the unit stays as the tools spell it.
   */
  bytes(bytes: number, options?: { readonly binary?: boolean }): string;
}

/**
 * The formatters of the page's language: one object per language under an `I18nRoot`, so a component can depend on
 * it without re-rendering (outside one, as in a component's unit test, a fresh object each render).
 */
export function useFormat(): Formatters {
  const { i18n } = useTranslation();
  const formattersOf = useContext(FormattersContext);
  return formattersOf ? formattersOf(i18n.language) : makeFormatters(i18n.language);
}

/** New formatters of `language` (each makes its `Intl` objects on first use). Components call `useFormat`. */
export function formatters(language: string): Formatters {
  return makeFormatters(language);
}

function makeFormatters(language: string): Formatters {
  /**
   * One `Intl.NumberFormat` per set of options, made on first use: building one costs far more than formatting with
   * it (a first load formats hundreds of numbers; a streaming turn re-formats its counts on every token).
   */
  const numberFormats = new Map<string, Intl.NumberFormat>();
  const numberFormat = (options?: Intl.NumberFormatOptions): Intl.NumberFormat => {
    const key = options === undefined ? '' : JSON.stringify(options);
    let format = numberFormats.get(key);
    if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(language, options)));
    return format;
  };
  const number = (value: number, options?: Intl.NumberFormatOptions) => numberFormat(options).format(value);
  const unit = (value: number, u: 'millisecond' | 'second' | 'minute', digits = 0) =>
    number(value, { style: 'unit', unit: u, unitDisplay: 'short', maximumFractionDigits: digits });
  let dateTime: Intl.DateTimeFormat | undefined;
  return {
    language,
    number,
    duration(ms) {
      if (ms < 1000) return unit(Math.round(ms), 'millisecond');
      if (ms < 60_000) return unit(ms / 1000, 'second', 1);
      const minutes = Math.floor(ms / 60_000);
      return `${unit(minutes, 'minute')} ${unit(Math.round((ms % 60_000) / 1000), 'second')}`;
    },
    dateTime: (epochMs) =>
      (dateTime ??= new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' })).format(epochMs),
    bytes(bytes, options) {
      const fixed = (value: number, digits: number) =>
        number(value, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false });
      const mb = bytes / 2 ** 20;
      if (options?.binary) {
        if (bytes >= 1024 ** 3) return `${fixed(bytes / 1024 ** 3, 1)} GiB`;
        if (bytes >= 1024 ** 2) return `${fixed(mb, 1)} MiB`;
        if (bytes >= 1024) return `${fixed(bytes / 1024, 0)} KiB`;
        return `${fixed(bytes, 0)} B`;
      }
      if (mb >= 1024) return `${fixed(mb / 1024, 1)} GB`;
      if (mb >= 100) return `${fixed(mb, 0)} MB`;
      if (mb >= 0.1) return `${fixed(mb, 1)} MB`;
      return `${fixed(Math.max(1, Math.round(bytes / 1024)), 0)} KB`;
    },
  };
}
