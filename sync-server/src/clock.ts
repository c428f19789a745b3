import type { FastifyPluginAsync } from 'fastify';

/**
 * The server's "now" for rules that depend on the date (a quote's expiry). Production reads the
 * system clock; tests move it forward instead of sleeping: in-process with `clock.advance`, and a
 * separately started server (the browser journeys) through `POST /api/test/clock`, which exists
 * only when the process was started with `TEST_CLOCK=1`. Session tokens follow it too: they are
 * signed at, and expire 2 h after, this clock's now (`plugins/auth.ts`).
 */
let offsetMs = 0;

export const clock = {
  now: (): Date => new Date(Date.now() + offsetMs),
  /** Moves "now" forward (or back, with a negative amount). */
  advance(ms: number): void {
    offsetMs += ms;
  },
  reset(): void {
    offsetMs = 0;
  },
  /** Whether a test moved the clock (never in production). */
  isMoved(): boolean {
    return offsetMs !== 0;
  },
};

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The calendar day of `now` in UTC, 'YYYY-MM-DD'. */
export const todayUtc = (now: Date = clock.now()): string => now.toISOString().slice(0, 10);

/** Whether this process runs with a clock tests can move (TEST_CLOCK=1, never in production). */
export const testClockEnabled = (): boolean =>
  process.env.TEST_CLOCK === '1' && process.env.NODE_ENV !== 'production';

/**
 * `POST /api/test/clock {"advanceDays": n}` — registered only when `testClockEnabled()`. Time that
 * passed makes every scheduled job due: `onMove` forgets their last runs, so the next tick runs
 * them on the moved clock (a recurring invoice a month later, without waiting a real 15 minutes).
 */
export const testClockRoutes: FastifyPluginAsync<{ onMove: () => Promise<void> }> = async (
  app,
  { onMove },
) => {
  app.post(
    '/clock',
    {
      schema: {
        hide: true,
        body: {
          type: 'object',
          required: ['advanceDays'],
          properties: { advanceDays: { type: 'number', minimum: -3650, maximum: 3650 } },
        },
      },
    },
    async (request) => {
      clock.advance((request.body as { advanceDays: number }).advanceDays * DAY_MS);
      await onMove();
      return { now: clock.now().toISOString() };
    },
  );
};
