import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { createVerifiedAccount, loginThroughUi } from './support/accounts';
import { apiLogin, seedMasterData } from './support/api';
import { useE2E } from './support/e2e';
import {
  createQuoteUi,
  quoteRow,
  waitForServiceWorker,
  waitOfflineIndicator,
  waitSynced,
} from './support/ui';

/** The field rep's tablet. */
const e2e = useE2E({
  viewport: { width: 1024, height: 768 },
  hasTouch: true,
  acceptDownloads: true,
});

describe('issue 18: the PDF of a quote made offline', () => {
  it('is rendered in the browser with the network off, unnumbered, with the company, the lines and the totals', async () => {
    const { page, context, server } = e2e;
    const owner = await createVerifiedAccount(server.baseUrl, server.dataDir);
    const api = await apiLogin(server.baseUrl, owner.email, owner.password);
    await seedMasterData(api, {
      customer: 'Ørsted Åkerlund A/S',
      contact: 'Zoë Żółć',
      product: 'Brass valve DN20',
      sku: 'VAL-20',
      price: 1234.56,
    });
    const saved = await api.put('/api/tenants/current/company', {
      legalName: 'Łódź Żółć Straße GmbH',
      paymentInstructions: 'IBAN DE89 3704 0044 0532 0130 00',
      country: 'US',
    });
    expect(saved.status).toBe(200);

    await loginThroughUi(page, owner);
    await waitSynced(page);
    await waitForServiceWorker(page);

    await context.setOffline(true);
    await waitOfflineIndicator(page);
    await createQuoteUi(page, {
      customer: 'Ørsted Åkerlund A/S',
      contact: 'Zoë Żółć',
      items: [{ product: 'Brass valve DN20', quantity: 3 }],
    });
    const row = quoteRow(page, 'Ørsted Åkerlund A/S');
    await row.getByText('Pending', { exact: true }).waitFor();

    const download = page.waitForEvent('download', { timeout: 60_000 });
    await row.getByRole('button', { name: 'PDF quote Pending' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Quote-Draft.pdf');
    const pdf = await readFile((await file.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');
    expect(text).toContain('Draft — number assigned when synced');
    expect(text).toContain('Łódź Żółć Straße GmbH');
    expect(text).toContain('Ørsted Åkerlund A/S');
    expect(text).toContain('Zoë Żółć');
    expect(text).toMatch(/1\s+Brass valve DN20\s+VAL-20\s+3\s+\$1,234\.56\s+\$3,703\.68/);
    expect(text).toMatch(/Subtotal\s+\$3,703\.68/);
    expect(text).toMatch(/Tax \(0%\)\s+\$0\.00/);
    expect(text).toMatch(/Total USD\s+\$3,703\.68/);
    expect(text).toContain('IBAN DE89 3704 0044 0532 0130 00');
    expect(text).toContain('Page 1 of 1');
    const raw = execFileSync('pdftotext', ['-raw', '-', '-'], { input: pdf }).toString('utf8');
    expect(raw).toMatch(/^DRAFT$/m);
    const info = execFileSync('pdfinfo', ['-'], { input: pdf }).toString('utf8');
    expect(info).toMatch(/Page size:.*\(letter\)/);
  });
});
