/** The current date-time in an IANA time zone, from the injected clock (so replays are deterministic). */
import { z } from 'zod';
import type { Tool } from '../tool';
import { defineTool } from '../tool';
import { formatOffset, pad2, wallClock, zoneFormat } from '../wall-clock';

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
    format = zoneFormat(timeZone);
  } catch {
    throw new Error(`Unknown time zone: ${timeZone}. Use an IANA name such as "Asia/Seoul".`);
  }
  const t = wallClock(epochMs, format);
  // Keep the name asked for (Intl may canonicalise Asia/Kolkata to Asia/Calcutta), in Intl's spelling of case.
  const resolved = format.resolvedOptions().timeZone;
  const zoneName = resolved.toLowerCase() === timeZone.toLowerCase() ? resolved : timeZone;
  return `${t.year}-${pad2(t.month)}-${pad2(t.day)} ${pad2(t.hour)}:${pad2(t.minute)} (${zoneName}, UTC${formatOffset(t.offsetMinutes)})`;
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
