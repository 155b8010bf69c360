/** The current date-time in an IANA time zone, from the injected clock (so replays are deterministic). */
import { z } from 'zod';
import type { Tool } from '../tool';
import { defineTool } from '../tool';

const currentTimeSchema = z.object({
  timezone: z
    .string()
    .min(1)
    .describe('An IANA time zone name, e.g. "Asia/Seoul", "Europe/Paris" or "America/New_York".'),
});

/**
 * Formats an instant in a zone as `2026-12-02 19:41 (Asia/Seoul, UTC+09:00)`. Throws for a zone Intl does not
 * know; the tool lets that propagate so the exception processor handles it (a tool error).
 */
export function formatZonedTime(epochMs: number, timeZone: string): string {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
  } catch {
    throw new Error(`Unknown time zone: ${timeZone}. Use an IANA name such as "Asia/Seoul".`);
  }
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
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  // Keep the name asked for (Intl may canonicalise Asia/Kolkata to Asia/Calcutta), in Intl's spelling of case.
  const resolved = format.resolvedOptions().timeZone;
  const zoneName = resolved.toLowerCase() === timeZone.toLowerCase() ? resolved : timeZone;
  return (
    `${year}-${pad(month)}-${pad(day)} ${pad(hour)}:${pad(minute)} ` +
    `(${zoneName}, UTC${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)})`
  );
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

export function createCurrentTimeTool(): Tool {
  return defineTool({
    name: 'current_time',
    description:
      'Returns the current date and time in a time zone, as "YYYY-MM-DD HH:MM (zone, UTC±HH:MM)". ' +
      'Call it whenever the user asks what time or date it is somewhere.',
    schema: currentTimeSchema,
    execute: ({ timezone }, ctx) => formatZonedTime(ctx.now(), timezone),
  });
}
