import { describe, expect, it } from 'vitest';
import { createVerifiedAccount, loginThroughUi } from './support/accounts';
import { useE2E } from './support/e2e';

const e2e = useE2E();

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('installable offline app', () => {
  it('serves a valid manifest with real 192/512/maskable PNG icons', async () => {
    const { page, context, server } = e2e;
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();

    const cdp = await context.newCDPSession(page);
    const parsed = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; data?: string };
    expect(parsed.errors).toEqual([]);
    await cdp.detach();
    const manifest = JSON.parse(parsed.data ?? '{}') as Record<string, unknown> & {
      icons: ManifestIcon[];
    };
    expect(manifest).toMatchObject({
      name: 'SMB Finance',
      short_name: 'SMB Finance',
      start_url: '/dashboard',
      display: 'standalone',
      theme_color: '#3b4cca',
    });
    const wanted = [
      { sizes: '192x192', purpose: 'any' },
      { sizes: '512x512', purpose: 'any' },
      { sizes: '512x512', purpose: 'maskable' },
    ];
    for (const want of wanted) {
      const icon = manifest.icons.find(
        (i) => i.sizes === want.sizes && (i.purpose ?? 'any').includes(want.purpose),
      );
      expect(icon, `icon ${want.sizes} ${want.purpose}`).toBeDefined();
      const response = await fetch(new URL(icon?.src ?? '', server.baseUrl));
      expect(response.status).toBe(200);
      const [width, height] = want.sizes.split('x').map(Number);
      expect(pngSize(Buffer.from(await response.arrayBuffer()))).toEqual({ width, height });
    }
  });

  it('the service worker controls the page and the app reloads with the network off', async () => {
    const { page, context, server } = e2e;
    const account = await createVerifiedAccount(server.baseUrl, server.dataDir);
    await loginThroughUi(page, account);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 30_000,
    });
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${server.baseUrl}/`);

    const cdp = await context.newCDPSession(page);
    const installability = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    // Playwright contexts are incognito profiles, which Chromium never offers to install from.
    const errors = installability.installabilityErrors
      .map((e) => e.errorId)
      .filter((id) => id !== 'in-incognito');
    expect(errors).toEqual([]);
    // A second CDP session would mask the offline emulation of navigator.onLine.
    await cdp.detach();

    await context.setOffline(true);
    await page.goto('/dashboard/customers');
    await page.getByRole('heading', { name: 'Customers', level: 2 }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Customers', level: 2 }).waitFor();
    await page.getByText('Offline', { exact: true }).waitFor();
    // The tenant name falls back to the token's schema claim when /api is unreachable.
    const name = await page.getByTestId('tenant-name').textContent();
    expect(name).not.toBe('Loading...');
    // Other sections' chunks come from the precache too.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Quotes' })
      .click();
    await page.getByRole('heading', { name: 'Quotes', level: 2 }).waitFor();
    await context.setOffline(false);
  });

  it('the landing page downloads neither the dashboard nor the editor or Dexie', async () => {
    const { page } = e2e;
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    await page.getByRole('heading', { name: /without the busywork/ }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts.some((s) => s.includes('LandingPage'))).toBe(true);
    expect(
      scripts.filter((s) => /DashboardLayout|SectionPage|DashboardHome|dexie|tiptap/i.test(s)),
    ).toEqual([]);
  });
});

describe('public quote page', () => {
  const QUOTE = `<!doctype html><html><head><meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family:sans-serif;margin:0;padding:16px"><h1>Quote Q-0007</h1><p>Total $929.50</p>
<form method="post" action="/api/quotes/t-1/q-1/accept"><input type="hidden" name="token" value="tok-1"><button type="submit">Accept quote</button></form>
<form method="post" action="/api/quotes/t-1/q-1/reject"><input type="hidden" name="token" value="tok-1"><button type="submit">Reject quote</button></form>
<script>document.body.dataset.scripted = 'yes'</script></body></html>`;

  it('shows the server HTML without running its scripts and posts Accept from inside the page', async () => {
    // Block the service worker so that page.route sees every request of this context.
    const phone = await e2e.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      serviceWorkers: 'block',
    });
    const page = await phone.newPage();
    const posted: { url: string; contentType: string | undefined; body: string | null }[] = [];
    await page.route('**/api/quotes/t-1/q-1/**', async (route) => {
      const request = route.request();
      if (request.method() === 'GET') {
        expect(new URL(request.url()).searchParams.get('token')).toBe('tok-1');
        return route.fulfill({ status: 200, contentType: 'text/html', body: QUOTE });
      }
      posted.push({
        url: new URL(request.url()).pathname,
        contentType: request.headers()['content-type'],
        body: request.postData(),
      });
      return route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<html><body><h1>Thank you!</h1><p>Quote accepted.</p></body></html>',
      });
    });

    await page.goto('/quote/t-1/q-1/view?token=tok-1');
    const frame = page.frameLocator('iframe[title="Quote"]');
    await frame.getByRole('heading', { name: 'Quote Q-0007' }).waitFor();
    const scripted = await frame.locator('body').getAttribute('data-scripted');
    expect(scripted).toBeNull();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);

    await frame.getByRole('button', { name: 'Accept quote' }).click();
    await frame.getByRole('heading', { name: 'Thank you!' }).waitFor();
    expect(posted).toEqual([
      {
        url: '/api/quotes/t-1/q-1/accept',
        contentType: 'application/x-www-form-urlencoded',
        body: 'token=tok-1',
      },
    ]);
    expect(new URL(page.url()).pathname).toBe('/quote/t-1/q-1/view');
  });

  it('explains a missing token and a failed load', async () => {
    const page = await (await e2e.newContext({ serviceWorkers: 'block' })).newPage();
    await page.goto('/quote/t-1/q-1/view');
    await page.getByText('Invalid quote URL. Missing required parameters.').waitFor();
    await page.route('**/api/quotes/t-1/q-2/view**', (route) =>
      route.fulfill({ status: 404, body: '' }),
    );
    await page.goto('/quote/t-1/q-2/view?token=nope');
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    await page.getByText('Failed to load quote. It may have expired or been removed.').waitFor();
  });
});
