/** The days and links of a quote as its readers see them: validity, views, the public link. */

/** "21 Dec 2026" for a 'YYYY-MM-DD' day (or an ISO time, by its UTC day). */
export function formatDay(day: string): string {
  const [y, m, d] = day.slice(0, 10).split('-').map(Number);
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y!, m! - 1, d!)));
}

/** 'YYYY-MM-DD' of `now` in UTC. */
export const utcDay = (now: Date): string => now.toISOString().slice(0, 10);

/**
 * Expired = Sent and its valid-until day is over (UTC). Only a Sent quote expires: an answered,
 * converted or draft quote keeps its status.
 */
export function isQuoteExpired(
  quote: { status: string; validUntil?: string | null },
  now: Date,
): boolean {
  return (
    quote.status === 'Sent' && !!quote.validUntil && quote.validUntil.slice(0, 10) < utcDay(now)
  );
}

/** "Viewed 3× · last 24 Nov 14:02" (local time of the reader), or null before the first view. */
export function viewedLine(
  quote: { viewCount?: number | null; lastViewedAt?: string | null; viewedAt?: string | null },
  timeZone?: string,
): string | null {
  const count = quote.viewCount ?? 0;
  const last = quote.lastViewedAt ?? quote.viewedAt;
  if (count < 1 || !last) return null;
  const at = new Date(last);
  const parts = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...(timeZone ? { timeZone } : {}),
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `Viewed ${count}× · last ${part('day')} ${part('month')} ${part('hour')}:${part('minute')}`;
}

/** The public link the share dialog shows and the send e-mail carries. */
export function publicQuoteUrl(
  origin: string,
  tenantId: string,
  quoteId: string,
  token: string,
): string {
  return `${origin.replace(/\/$/, '')}/quote/${tenantId}/${quoteId}/view?token=${encodeURIComponent(token)}`;
}
