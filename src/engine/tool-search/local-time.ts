/**
 * Wall-clock arithmetic for the 28-tool workspace: which places it knows, their IANA time zones, and reading
 * and writing local date-times with their UTC offset. Pure: the instant always comes from the caller (the
 * injected clock), and Intl supplies the zone rules.
 */
import type { WallClock } from '../wall-clock';
import { formatOffset, pad2 as pad, wallClock, zoneFormat } from '../wall-clock';

export interface Place {
  /** Canonical name, e.g. "Landsmeer, NL". */
  readonly name: string;
  readonly timeZone: string;
  /** Mean daily temperature per month, January first (°C). */
  readonly monthlyMeanC: readonly number[];
  /** How often it rains, 0–1. */
  readonly wetness: number;
}

export const PLACES: readonly Place[] = [
  {
    name: 'Landsmeer, NL',
    timeZone: 'Europe/Amsterdam',
    monthlyMeanC: [3.4, 3.6, 6.3, 9.2, 13.0, 15.6, 17.9, 17.7, 14.8, 11.0, 7.1, 4.3],
    wetness: 0.55,
  },
  {
    name: 'Amsterdam, NL',
    timeZone: 'Europe/Amsterdam',
    monthlyMeanC: [3.6, 3.9, 6.5, 9.5, 13.2, 15.8, 18.1, 17.9, 15.0, 11.2, 7.3, 4.5],
    wetness: 0.55,
  },
  {
    name: 'Seoul, KR',
    timeZone: 'Asia/Seoul',
    monthlyMeanC: [-2.4, 0.4, 5.7, 12.5, 17.8, 22.2, 24.9, 25.7, 21.2, 14.8, 7.2, 0.4],
    wetness: 0.35,
  },
  {
    name: 'New York, US',
    timeZone: 'America/New_York',
    monthlyMeanC: [0.5, 1.9, 5.7, 11.4, 16.9, 22.2, 25.3, 24.7, 20.9, 14.8, 9.1, 3.4],
    wetness: 0.4,
  },
];

/** Finds a place by a loose name ("Landsmeer", "landsmeer, nl", "Landsmeer, Netherlands"). */
export function findPlace(location: string): Place | undefined {
  const key = location.split(',')[0]!.trim().toLowerCase();
  return PLACES.find((p) => p.name.split(',')[0]!.toLowerCase() === key);
}

export function unknownPlaceMessage(location: string): string {
  return `Unknown location "${location}". Known locations: ${PLACES.map((p) => p.name).join('; ')}.`;
}

/** A zone's wall clock at an instant, with the day of the week. */
export interface LocalParts extends WallClock {
  /** 0 = Sunday … 6 = Saturday. */
  readonly weekday: number;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export function weekdayName(weekday: number): string {
  return WEEKDAYS[weekday] ?? '?';
}

/** The wall clock of `timeZone` at an instant. Throws Intl's RangeError for a zone it does not know. */
export function localParts(epochMs: number, timeZone: string): LocalParts {
  const clock = wallClock(epochMs, zoneFormat(timeZone));
  const weekday = new Date(Date.UTC(clock.year, clock.month - 1, clock.day)).getUTCDay();
  return { ...clock, weekday };
}

/** `2026-12-02T11:49+01:00`. */
export function formatIsoLocal(parts: LocalParts): string {
  return `${parts.year}-${pad(parts.month)}-${pad(parts.day)}T${pad(parts.hour)}:${pad(parts.minute)}${formatOffset(parts.offsetMinutes)}`;
}

/** `Wednesday 2 December 2026, 11:49`. */
export function formatHuman(parts: LocalParts): string {
  return `${weekdayName(parts.weekday)} ${parts.day} ${MONTHS[parts.month - 1]} ${parts.year}, ${pad(parts.hour)}:${pad(parts.minute)}`;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?/;

/**
 * Reads an ISO 8601 date-time as an instant. Without an offset it is the wall clock of `timeZone`. Throws an
 * error whose message tells the model the expected form.
 */
export function parseLocalDateTime(text: string, timeZone: string): number {
  const match = ISO.exec(text.trim());
  if (!match) {
    throw new Error(
      `"${text}" is not an ISO 8601 date-time. Pass one like 2026-03-14T09:30+01:00 (the currentTime tool returns this form).`,
    );
  }
  const [, y, mo, d, h, mi, s, zone] = match;
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0));
  if (Number.isNaN(wall)) throw new Error(`"${text}" is not a valid date-time.`);
  if (zone === 'Z') return wall;
  if (zone !== undefined) {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const offset = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4)));
    return wall - offset * 60_000;
  }
  // No offset: find the instant whose wall clock in the zone is `wall` (two passes settle DST edges).
  let guess = wall;
  for (let i = 0; i < 2; i++) guess = wall - localParts(guess, timeZone).offsetMinutes * 60_000;
  return guess;
}
