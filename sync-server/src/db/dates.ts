/**
 * A `date` column as 'YYYY-MM-DD'. node-postgres reads a date as local midnight, PGlite as UTC
 * midnight: a Date at UTC midnight is read in UTC, any other in local time — the same calendar day
 * from both drivers in every time zone.
 */
export function calendarDate(value: Date | string): string {
  if (typeof value === 'string') return value.slice(0, 10);
  const utcMidnight =
    value.getUTCHours() === 0 && value.getUTCMinutes() === 0 && value.getUTCSeconds() === 0;
  if (utcMidnight) return value.toISOString().slice(0, 10);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

/** Columns of type `date` in synced tables. */
export const DATE_COLUMNS = new Set([
  'issue_date',
  'due_date',
  'paid_on',
  'valid_until',
  'start_date',
  'end_date',
]);
