/**
 * Reading an instant as the wall clock of an IANA time zone, with its UTC offset. Pure: the instant comes from
 * the caller (the injected clock) and Intl supplies the zone rules. Shared by the `current_time` preset and the
 * 28-tool workspace's local-time helpers.
 */

export interface WallClock {
  readonly year: number;
  /** 1–12. */
  readonly month: number;
  readonly day: number;
  /** 0–23. */
  readonly hour: number;
  readonly minute: number;
  /** Minutes east of UTC, e.g. 540 for UTC+09:00. */
  readonly offsetMinutes: number;
}

/** A minute-precision, 24-hour formatter for `timeZone`. Throws Intl's RangeError for a zone it does not know. */
export function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
}

/** The wall clock `format` (from `zoneFormat`) shows at an instant. */
export function wallClock(epochMs: number, format: Intl.DateTimeFormat): WallClock {
  const parts: Record<string, string> = {};
  for (const part of format.formatToParts(new Date(epochMs))) parts[part.type] = part.value;
  const year = Number(parts.year);
  const month = Number(parts.month);
  const day = Number(parts.day);
  const hour = Number(parts.hour);
  const minute = Number(parts.minute);
  // The offset is the zone's wall clock read as UTC minus the instant (both truncated to the minute).
  const wallAsUtc = Date.UTC(year, month - 1, day, hour, minute);
  const offsetMinutes = Math.round((wallAsUtc - Math.floor(epochMs / 60_000) * 60_000) / 60_000);
  return { year, month, day, hour, minute, offsetMinutes };
}

/** `+09:00`, `-03:30`, `+00:00`. */
export function formatOffset(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${sign}${pad2(Math.floor(abs / 60))}:${pad2(abs % 60)}`;
}

/** Two digits, zero-padded. */
export function pad2(n: number): string {
  return String(n).padStart(2, '0');
}
