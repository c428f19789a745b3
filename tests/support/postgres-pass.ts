/**
 * Global set-up of the `server-pglite` project (vitest.config.ts): the server suite runs a second
 * time on PostgreSQL only when TEST_DATABASE_URL names one. Without it that pass is not merely
 * skipped: it is absent, so nothing in the test report would show it. Say so loudly, and refuse
 * to go on in CI, where a green run must mean both databases passed.
 */
export default function setup(): void {
  if (process.env.TEST_DATABASE_URL) return;
  const ci = process.env.CI === 'true' || process.env.CI === '1';
  const lines = [
    'TEST_DATABASE_URL is not set: the server tests run on embedded PGlite ONLY.',
    'The PostgreSQL pass (project server-postgres, and every *.pg.test.ts) does NOT run.',
    'Set e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test to run it.',
  ];
  if (ci) throw new Error(`CI=true requires the PostgreSQL pass. ${lines.join(' ')}`);
  const rule = '!'.repeat(Math.max(...lines.map((l) => l.length)) + 4);
  console.warn(
    ['', rule, ...lines.map((l) => `! ${l.padEnd(rule.length - 4)} !`), rule, ''].join('\n'),
  );
}
