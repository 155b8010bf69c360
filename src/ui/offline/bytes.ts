/** Byte sizes in the page's language (decimal units, as the footer has always shown them). */
import type { Formatters } from '../../i18n';

export function formatBytes(format: Formatters, bytes: number): string {
  const [value, unit, digits] =
    bytes >= 1e9
      ? [bytes / 1e9, 'gigabyte', 2]
      : bytes >= 1e6
        ? [bytes / 1e6, 'megabyte', 1]
        : [Math.round(bytes / 1e3), 'kilobyte', 0];
  return format.number(value, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}
