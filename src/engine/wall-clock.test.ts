import { describe, expect, it } from 'vitest';
import { formatZonedTime } from './presets/current-time';
import { formatIsoLocal, localParts } from './tool-search/local-time';
import { formatOffset, wallClock, zoneFormat } from './wall-clock';

const ZONES = [
  'Asia/Seoul',
  'Europe/Amsterdam',
  'America/New_York',
  'Asia/Kolkata',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'America/St_Johns',
  'UTC',
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
];

/**
 * Outputs of formatZonedTime, formatIsoLocal(localParts) and the weekday, recorded from the two separate
 * implementations before they shared wall-clock.ts (instants around DST changes, half- and quarter-hour zones,
 * before 1970). The shared code must reproduce them exactly.
 */
const RECORDED: readonly [number, readonly (readonly [string, string, number])[]][] = [
  [
    1796208090500,
    [
      ['2026-12-02 19:41 (Asia/Seoul, UTC+09:00)', '2026-12-02T19:41+09:00', 3],
      ['2026-12-02 11:41 (Europe/Amsterdam, UTC+01:00)', '2026-12-02T11:41+01:00', 3],
      ['2026-12-02 05:41 (America/New_York, UTC-05:00)', '2026-12-02T05:41-05:00', 3],
      ['2026-12-02 16:11 (Asia/Kolkata, UTC+05:30)', '2026-12-02T16:11+05:30', 3],
      ['2026-12-02 21:41 (Australia/Lord_Howe, UTC+11:00)', '2026-12-02T21:41+11:00', 3],
      ['2026-12-03 00:26 (Pacific/Chatham, UTC+13:45)', '2026-12-03T00:26+13:45', 4],
      ['2026-12-02 07:11 (America/St_Johns, UTC-03:30)', '2026-12-02T07:11-03:30', 3],
      ['2026-12-02 10:41 (UTC, UTC+00:00)', '2026-12-02T10:41+00:00', 3],
      ['2026-12-03 00:41 (Pacific/Kiritimati, UTC+14:00)', '2026-12-03T00:41+14:00', 4],
      ['2026-12-01 23:41 (Pacific/Pago_Pago, UTC-11:00)', '2026-12-01T23:41-11:00', 2],
    ],
  ],
  [
    1774745999000,
    [
      ['2026-03-29 09:59 (Asia/Seoul, UTC+09:00)', '2026-03-29T09:59+09:00', 0],
      ['2026-03-29 01:59 (Europe/Amsterdam, UTC+01:00)', '2026-03-29T01:59+01:00', 0],
      ['2026-03-28 20:59 (America/New_York, UTC-04:00)', '2026-03-28T20:59-04:00', 6],
      ['2026-03-29 06:29 (Asia/Kolkata, UTC+05:30)', '2026-03-29T06:29+05:30', 0],
      ['2026-03-29 11:59 (Australia/Lord_Howe, UTC+11:00)', '2026-03-29T11:59+11:00', 0],
      ['2026-03-29 14:44 (Pacific/Chatham, UTC+13:45)', '2026-03-29T14:44+13:45', 0],
      ['2026-03-28 22:29 (America/St_Johns, UTC-02:30)', '2026-03-28T22:29-02:30', 6],
      ['2026-03-29 00:59 (UTC, UTC+00:00)', '2026-03-29T00:59+00:00', 0],
      ['2026-03-29 14:59 (Pacific/Kiritimati, UTC+14:00)', '2026-03-29T14:59+14:00', 0],
      ['2026-03-28 13:59 (Pacific/Pago_Pago, UTC-11:00)', '2026-03-28T13:59-11:00', 6],
    ],
  ],
  [
    1774746000000,
    [
      ['2026-03-29 10:00 (Asia/Seoul, UTC+09:00)', '2026-03-29T10:00+09:00', 0],
      ['2026-03-29 03:00 (Europe/Amsterdam, UTC+02:00)', '2026-03-29T03:00+02:00', 0],
      ['2026-03-28 21:00 (America/New_York, UTC-04:00)', '2026-03-28T21:00-04:00', 6],
      ['2026-03-29 06:30 (Asia/Kolkata, UTC+05:30)', '2026-03-29T06:30+05:30', 0],
      ['2026-03-29 12:00 (Australia/Lord_Howe, UTC+11:00)', '2026-03-29T12:00+11:00', 0],
      ['2026-03-29 14:45 (Pacific/Chatham, UTC+13:45)', '2026-03-29T14:45+13:45', 0],
      ['2026-03-28 22:30 (America/St_Johns, UTC-02:30)', '2026-03-28T22:30-02:30', 6],
      ['2026-03-29 01:00 (UTC, UTC+00:00)', '2026-03-29T01:00+00:00', 0],
      ['2026-03-29 15:00 (Pacific/Kiritimati, UTC+14:00)', '2026-03-29T15:00+14:00', 0],
      ['2026-03-28 14:00 (Pacific/Pago_Pago, UTC-11:00)', '2026-03-28T14:00-11:00', 6],
    ],
  ],
  [
    1792888200000,
    [
      ['2026-10-25 09:30 (Asia/Seoul, UTC+09:00)', '2026-10-25T09:30+09:00', 0],
      ['2026-10-25 02:30 (Europe/Amsterdam, UTC+02:00)', '2026-10-25T02:30+02:00', 0],
      ['2026-10-24 20:30 (America/New_York, UTC-04:00)', '2026-10-24T20:30-04:00', 6],
      ['2026-10-25 06:00 (Asia/Kolkata, UTC+05:30)', '2026-10-25T06:00+05:30', 0],
      ['2026-10-25 11:30 (Australia/Lord_Howe, UTC+11:00)', '2026-10-25T11:30+11:00', 0],
      ['2026-10-25 14:15 (Pacific/Chatham, UTC+13:45)', '2026-10-25T14:15+13:45', 0],
      ['2026-10-24 22:00 (America/St_Johns, UTC-02:30)', '2026-10-24T22:00-02:30', 6],
      ['2026-10-25 00:30 (UTC, UTC+00:00)', '2026-10-25T00:30+00:00', 0],
      ['2026-10-25 14:30 (Pacific/Kiritimati, UTC+14:00)', '2026-10-25T14:30+14:00', 0],
      ['2026-10-24 13:30 (Pacific/Pago_Pago, UTC-11:00)', '2026-10-24T13:30-11:00', 6],
    ],
  ],
  [
    1775401200000,
    [
      ['2026-04-06 00:00 (Asia/Seoul, UTC+09:00)', '2026-04-06T00:00+09:00', 1],
      ['2026-04-05 17:00 (Europe/Amsterdam, UTC+02:00)', '2026-04-05T17:00+02:00', 0],
      ['2026-04-05 11:00 (America/New_York, UTC-04:00)', '2026-04-05T11:00-04:00', 0],
      ['2026-04-05 20:30 (Asia/Kolkata, UTC+05:30)', '2026-04-05T20:30+05:30', 0],
      ['2026-04-06 01:30 (Australia/Lord_Howe, UTC+10:30)', '2026-04-06T01:30+10:30', 1],
      ['2026-04-06 03:45 (Pacific/Chatham, UTC+12:45)', '2026-04-06T03:45+12:45', 1],
      ['2026-04-05 12:30 (America/St_Johns, UTC-02:30)', '2026-04-05T12:30-02:30', 0],
      ['2026-04-05 15:00 (UTC, UTC+00:00)', '2026-04-05T15:00+00:00', 0],
      ['2026-04-06 05:00 (Pacific/Kiritimati, UTC+14:00)', '2026-04-06T05:00+14:00', 1],
      ['2026-04-05 04:00 (Pacific/Pago_Pago, UTC-11:00)', '2026-04-05T04:00-11:00', 0],
    ],
  ],
  [
    946684799999,
    [
      ['2000-01-01 08:59 (Asia/Seoul, UTC+09:00)', '2000-01-01T08:59+09:00', 6],
      ['2000-01-01 00:59 (Europe/Amsterdam, UTC+01:00)', '2000-01-01T00:59+01:00', 6],
      ['1999-12-31 18:59 (America/New_York, UTC-05:00)', '1999-12-31T18:59-05:00', 5],
      ['2000-01-01 05:29 (Asia/Kolkata, UTC+05:30)', '2000-01-01T05:29+05:30', 6],
      ['2000-01-01 10:59 (Australia/Lord_Howe, UTC+11:00)', '2000-01-01T10:59+11:00', 6],
      ['2000-01-01 13:44 (Pacific/Chatham, UTC+13:45)', '2000-01-01T13:44+13:45', 6],
      ['1999-12-31 20:29 (America/St_Johns, UTC-03:30)', '1999-12-31T20:29-03:30', 5],
      ['1999-12-31 23:59 (UTC, UTC+00:00)', '1999-12-31T23:59+00:00', 5],
      ['2000-01-01 13:59 (Pacific/Kiritimati, UTC+14:00)', '2000-01-01T13:59+14:00', 6],
      ['1999-12-31 12:59 (Pacific/Pago_Pago, UTC-11:00)', '1999-12-31T12:59-11:00', 5],
    ],
  ],
  [
    -259199877,
    [
      ['1969-12-29 09:00 (Asia/Seoul, UTC+09:00)', '1969-12-29T09:00+09:00', 1],
      ['1969-12-29 01:00 (Europe/Amsterdam, UTC+01:00)', '1969-12-29T01:00+01:00', 1],
      ['1969-12-28 19:00 (America/New_York, UTC-05:00)', '1969-12-28T19:00-05:00', 0],
      ['1969-12-29 05:30 (Asia/Kolkata, UTC+05:30)', '1969-12-29T05:30+05:30', 1],
      ['1969-12-29 10:00 (Australia/Lord_Howe, UTC+10:00)', '1969-12-29T10:00+10:00', 1],
      ['1969-12-29 12:45 (Pacific/Chatham, UTC+12:45)', '1969-12-29T12:45+12:45', 1],
      ['1969-12-28 20:30 (America/St_Johns, UTC-03:30)', '1969-12-28T20:30-03:30', 0],
      ['1969-12-29 00:00 (UTC, UTC+00:00)', '1969-12-29T00:00+00:00', 1],
      ['1969-12-28 13:20 (Pacific/Kiritimati, UTC-10:40)', '1969-12-28T13:20-10:40', 0],
      ['1969-12-28 13:00 (Pacific/Pago_Pago, UTC-11:00)', '1969-12-28T13:00-11:00', 0],
    ],
  ],
];

describe('wall clock', () => {
  it('reproduces what current_time and the workspace local-time helpers printed before they shared it', () => {
    for (const [instant, perZone] of RECORDED) {
      perZone.forEach(([zoned, iso, weekday], i) => {
        const zone = ZONES[i]!;
        expect(formatZonedTime(instant, zone)).toBe(zoned);
        expect(formatIsoLocal(localParts(instant, zone))).toBe(iso);
        expect(localParts(instant, zone).weekday).toBe(weekday);
      });
    }
  });

  it('reads the offset east of UTC and formats it signed, with minutes', () => {
    expect(wallClock(Date.UTC(2026, 11, 2, 10, 41), zoneFormat('Asia/Kolkata'))).toEqual({
      year: 2026,
      month: 12,
      day: 2,
      hour: 16,
      minute: 11,
      offsetMinutes: 330,
    });
    expect(formatOffset(-210)).toBe('-03:30');
    expect(formatOffset(0)).toBe('+00:00');
    expect(() => zoneFormat('Mars/Olympus')).toThrow(RangeError);
  });
});
