/**
 * The date a prompt prints. Llama 3.2's template writes "Today Date: 26 Jul 2024" — its fallback — unless the
 * caller passes `date_string`; transformers passes today's date (`strftime_now("%d %b %Y")`). The playground
 * prints the day the run started (from the injected clock, so a replay renders the same prompt), or the date
 * the learner set in the Prompt view. Dates travel as `YYYY-MM-DD`; the template form is made at rendering.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** A calendar date written `YYYY-MM-DD` that exists (no 31 Feb). */
export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The local calendar date of an instant (the run's start), as `YYYY-MM-DD`: the day the learner sees. */
export function localIsoDate(epochMs: number): string {
  const d = new Date(epochMs);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** `2026-12-02` → `02 Dec 2026`, as `strftime("%d %b %Y")` writes it; null for anything that is not a date. */
export function templateDate(iso: string): string | null {
  if (!isIsoDate(iso)) return null;
  const [year, month, day] = iso.split('-');
  return `${day} ${MONTHS[Number(month) - 1]} ${year}`;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}
