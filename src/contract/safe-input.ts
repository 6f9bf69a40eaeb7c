import { z } from 'zod';
import { MONTH } from './calendar';

/**
 * Guards for values a client sends that the database could not store as given (issues 9, 10). They
 * live in the contract so the device refuses the same values the server does, with the same
 * words, before a record ever reaches the outbox; on the server they turn what would be a
 * database error for the whole batch into a `rejected` answer for the one record.
 */

/** True when `v` has at most `dp` decimal places (tolerant of binary floating point). */
export function hasDecimals(v: number, dp: number): boolean {
  const scaled = v * 10 ** dp;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

/**
 * PostgreSQL text cannot hold NUL, and a lone UTF-16 surrogate has no UTF-8 form (and is refused
 * in jsonb, where the audit log keeps the record). A loop rather than `String.isWellFormed`: the
 * contract also runs in older mobile browsers.
 */
export function storableText(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0) return false;
    if (c >= 0xdc00 && c <= 0xdfff) return false;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i++;
    }
  }
  return true;
}

/** A string the database can store; `label` names the field in the message. */
export const storableString = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .refine(storableText, `${label} contains a character that cannot be stored`);

/**
 * When a field record may have happened: from 2000-01-01 (no fleet records older than the
 * product's data; also far from PostgreSQL's and JavaScript's calendar edges such as year 0) to a
 * day after now (a device clock a little ahead is stored and raised as `clock_skew`; a time further
 * ahead is a wrong clock or a typo that would otherwise sit in future reports).
 */
export const FIELD_TIME_EARLIEST = '2000-01-01T00:00:00Z';
export const FIELD_TIME_MAX_AHEAD_MS = 24 * 3600_000;

export const fieldTime = (label: string) =>
  z.iso.datetime({ offset: true, error: 'A date and time with zone (ISO 8601) is required' }).superRefine((v, ctx) => {
    const ms = Date.parse(v);
    if (Number.isNaN(ms)) return; // the format check above has said it
    if (ms < Date.parse(FIELD_TIME_EARLIEST))
      ctx.addIssue({ code: 'custom', message: `${label} is before the year 2000` });
    else if (ms > Date.now() + FIELD_TIME_MAX_AHEAD_MS)
      ctx.addIssue({
        code: 'custom',
        message: `${label} is more than a day in the future: check the device's date and time`,
      });
  });

/**
 * A quantity kept in a `numeric(p, dp)` column: at most `dp` decimals, and never a non-zero
 * amount so small that the column would keep 0 (5e-324 passes a "more than 0" check and
 * `hasDecimals`' float tolerance, then was stored as 0.000). Appended to the field's own range.
 */
export function atScale(n: z.ZodNumber, label: string, dp: number): z.ZodNumber {
  const step = 10 ** -dp;
  return n
    .refine(
      (v) => v === 0 || Math.abs(v) >= step * (1 - 1e-9),
      `${label} is too small to be stored: the smallest amount is ${step}`,
    )
    .refine((v) => hasDecimals(v, dp), dp === 1 ? 'At most 1 decimal place' : `At most ${dp} decimal places`);
}

/**
 * A measurement kept in a `real` column (mm, °C, m): any precision, but a non-zero value below
 * `resolution` is noise that a real column keeps as 0 or refuses outright (underflow).
 */
export function measurable(n: z.ZodNumber, label: string, resolution: number): z.ZodNumber {
  return n.refine(
    (v) => v === 0 || Math.abs(v) >= resolution,
    `${label} is too small to be stored: give 0 or at least ${resolution}`,
  );
}

/**
 * Calendar dates a query, a report or a setup record may name (issue 10): years 1900 to 2199.
 * Far wider than any fleet's data, far from the calendar edges (year 0000, PostgreSQL's and
 * JavaScript's limits) where date arithmetic fails: `/views/calendar?month=0000-01` was a 500.
 * Field records keep their narrower window (`fieldTime`).
 */
export const CALENDAR_FIRST_YEAR = 1900;
export const CALENDAR_LAST_YEAR = 2199;
const CALENDAR_WORDS = `between ${CALENDAR_FIRST_YEAR} and ${CALENDAR_LAST_YEAR}`;

/** True when a `YYYY-…` string (date, month or ISO time) has a year in the calendar range. */
export function inCalendar(s: string): boolean {
  const m = /^(\d{4})-/.exec(s);
  if (!m) return true; // the format check says it
  const y = Number(m[1]);
  return y >= CALENDAR_FIRST_YEAR && y <= CALENDAR_LAST_YEAR;
}

/** Appends the calendar range to a date, month or time schema. */
export const inCalendarRange = <T extends z.ZodType<string>>(s: T, label = 'The date') =>
  s.refine(inCalendar, `${label} must be ${CALENDAR_WORDS}`);

/** An ISO 8601 time with zone, in the calendar range (query bounds; records use `fieldTime`). */
export const calendarTime = (label: string) =>
  inCalendarRange(z.iso.datetime({ offset: true, error: 'A date and time with zone (ISO 8601) is required' }), label);

/** A month `YYYY-MM` in the calendar's range: the one month parameter (views, reconciliation). */
export const Month = inCalendarRange(
  z.string({ error: 'Month is required (YYYY-MM)' }).regex(MONTH, 'Month must be YYYY-MM'),
  'Month',
);
