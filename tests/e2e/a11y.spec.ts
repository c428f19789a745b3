import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loginThroughUi } from './support/accounts';
import { seedAuditTenant } from './support/audit-tenant';
import { useE2E } from './support/e2e';
import { waitSynced } from './support/ui';

const e2e = useE2E();

const SIZES = [
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
] as const;

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** Runs axe-core (WCAG 2.0/2.1 A and AA rules plus best practices) in the page. */
async function audit(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window)))
    await page.addScriptTag({ content: axe.source });
  return page.evaluate(async () => {
    const run = (window as unknown as { axe: typeof axe }).axe.run;
    const result = await run(document, {
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
      },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      nodes: v.nodes.map((n) => ({
        target: n.target.map(String),
        failureSummary: n.failureSummary,
      })),
    }));
  });
}

const describeViolations = (screen: string, list: Violation[]) =>
  list.map(
    (v) =>
      `${screen}: [${v.impact}] ${v.id} — ${v.help} (${v.nodes.length}×: ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(' | ')})`,
  );

describe('WCAG 2.1 AA (axe-core)', () => {
  it('every main screen and the public quote document have no serious or critical violations on desktop and phone', async () => {
    const { server } = e2e;
    const { owner, draftId, invoiceId, publicPath } = await seedAuditTenant(
      server.baseUrl,
      server.dataDir,
      { customer: 'Harbour Bakery', contact: 'Mina Flour', product: 'Deck oven' },
    );
    expect(publicPath, 'public link in the mail').toMatch(/^\/quote\/\S+\/view\?token=/);
    expect(invoiceId).toBeTruthy();

    const screens: { name: string; path: string; ready: (page: Page) => Promise<unknown> }[] = [
      { name: 'landing', path: '/', ready: (p) => p.getByRole('heading', { level: 1 }).waitFor() },
      {
        name: 'login',
        path: '/login',
        ready: (p) => p.getByRole('button', { name: 'Sign In' }).waitFor(),
      },
      {
        name: 'public quote page',
        path: publicPath,
        ready: (p) => p.locator('iframe').first().waitFor(),
      },
      {
        name: 'public quote document',
        path: publicPath.replace(/^\/quote\//, '/api/quotes/'),
        ready: (p) => p.getByText('Deck oven').first().waitFor(),
      },
      { name: 'dashboard', path: '/dashboard', ready: (p) => waitSynced(p) },
      {
        name: 'customers',
        path: '/dashboard/customers',
        ready: (p) => p.locator('text=Harbour Bakery >> visible=true').first().waitFor(),
      },
      {
        name: 'quote editor',
        path: `/dashboard/quotes/${draftId}`,
        ready: (p) => p.getByRole('heading', { name: 'Recipient' }).waitFor(),
      },
      {
        name: 'invoice detail',
        path: `/dashboard/invoices/${invoiceId}`,
        ready: (p) => p.getByRole('heading', { name: /^Invoice /, level: 2 }).waitFor(),
      },
    ];

    const failures: string[] = [];
    const minor: string[] = [];
    for (const size of SIZES) {
      // bypassCSP: the quote document's CSP allows no script, axe's included.
      const context = await e2e.newContext({ ...size, serviceWorkers: 'block', bypassCSP: true });
      const page = await context.newPage();
      let signedIn = false;
      for (const screen of screens) {
        // Public screens first, as a visitor; then the app, signed in.
        if (screen.path.startsWith('/dashboard') && !signedIn) {
          await loginThroughUi(page, owner);
          signedIn = true;
        }
        await page.goto(screen.path);
        await screen.ready(page);
        if (screen.path.startsWith('/dashboard')) await waitSynced(page);
        // Let entrance transitions settle: axe measures the colours actually painted.
        await page.waitForTimeout(300);
        const violations = await audit(page);
        const label = `${screen.name} (${size.name})`;
        failures.push(
          ...describeViolations(
            label,
            violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
          ),
        );
        minor.push(
          ...describeViolations(
            label,
            violations.filter((v) => v.impact !== 'serious' && v.impact !== 'critical'),
          ),
        );
      }
      await context.close();
    }
    if (minor.length) console.log(`[a11y] moderate/minor findings:\n${minor.join('\n')}`);
    expect(failures).toEqual([]);
  });
});
