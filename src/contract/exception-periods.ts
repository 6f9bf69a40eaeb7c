/**
 * One open exception per subject and kind for the detectors that judge a period at a time (ADR 075):
 * the leak test (a tank, `leak_suspected`), the month's variance (a tank,
 * `variance_over_threshold`) and the consumption check (a vehicle, `consumption_outlier`).
 *
 * The dedupe key is the kind and the subject (`leak_suspected:<tank id>`), so the partial unique
 * index on it keeps one unresolved exception per tank or vehicle and kind. A month found again
 * while that exception is unresolved is added to it as an entry of `details.periods` (its figures,
 * its message, a one-line summary), and the exception's `details.period` runs from its first month
 * to its latest. A month that any exception of the subject already holds — open or resolved — is
 * not judged again; a later month after a resolution raises a new exception (a new incident).
 */

/** One month of a repeating exception, as its detector saw it. */
export interface PeriodEntry {
  /** `YYYY-MM`. */
  period: string;
  /** The exception's message for this month alone. */
  message: string;
  /** A few words for the timeline and the evidence: "1.880 L/h". */
  summary: string;
  /** The detector's own figures (rate, variance, fills…). */
  [figure: string]: unknown;
}

/** The `details` of a repeating exception. */
export interface PeriodDetails {
  /** First and latest month held. */
  period: { from: string; to: string };
  /** One entry per month, oldest first. */
  periods: PeriodEntry[];
}

/** The dedupe key of a repeating exception: one unresolved per kind and subject (tank, vehicle). */
export const subjectKey = (code: string, subjectId: string) => `${code}:${subjectId}`;

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
];
const PERIOD = /^\d{4}-(0[1-9]|1[0-2])$/;

/** `2026-10` → "October 2026" (anything else as it is). */
export function monthTitle(period: string): string {
  if (!PERIOD.test(period)) return period;
  return `${MONTHS[Number(period.slice(5, 7)) - 1]} ${period.slice(0, 4)}`;
}

/** The month entries of an exception's details, oldest first; none for details of another shape. */
export function periodsOf(details: unknown): PeriodEntry[] {
  const list = (details as { periods?: unknown } | null)?.periods;
  if (!Array.isArray(list)) return [];
  return list
    .filter(
      (e): e is PeriodEntry =>
        typeof e === 'object' && e !== null && typeof (e as { period?: unknown }).period === 'string',
    )
    .map((e) => ({ ...e, message: String(e.message ?? ''), summary: String(e.summary ?? '') }))
    .sort((a, b) => (a.period < b.period ? -1 : a.period > b.period ? 1 : 0));
}

/** The message of an exception holding these months: the latest month's, and the span when more than one. */
export function periodsMessage(entries: readonly PeriodEntry[]): string {
  const last = entries[entries.length - 1];
  if (!last) return '';
  if (entries.length === 1) return last.message;
  return `${last.message} (${entries.length} months: ${monthTitle(entries[0].period)} to ${monthTitle(last.period)})`;
}

/** The timeline's words for a month added to an open exception: "Leak continues in November 2026: 1.880 L/h". */
export function continuesText(noun: string, entry: PeriodEntry, latestBefore: string | null): string {
  const how = latestBefore === null || entry.period > latestBefore ? 'continues in' : 'also in';
  return `${noun} ${how} ${monthTitle(entry.period)}${entry.summary ? `: ${entry.summary}` : ''}`;
}

/**
 * Adds months to an exception's details (none for a new exception). A month the details already
 * hold keeps its entry; answers the new details, the message they give and the entries added, in
 * the order added (oldest first).
 */
export function foldPeriods(
  details: unknown,
  entries: readonly PeriodEntry[],
): { details: PeriodDetails; message: string; added: PeriodEntry[] } {
  const held = periodsOf(details);
  const have = new Set(held.map((e) => e.period));
  const added: PeriodEntry[] = [];
  for (const e of [...entries].sort((a, b) => (a.period < b.period ? -1 : a.period > b.period ? 1 : 0))) {
    if (have.has(e.period)) continue;
    have.add(e.period);
    added.push(e);
  }
  const all = periodsOf({ periods: [...held, ...added] });
  return {
    details: { period: { from: all[0]?.period ?? '', to: all[all.length - 1]?.period ?? '' }, periods: all },
    message: periodsMessage(all),
    added,
  };
}
