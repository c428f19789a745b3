/**
 * PDFs render in a worker thread: a long document's layout does not occupy the thread that answers
 * every other request, and a worker that dies is replaced by the next render.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Quote } from '@smb/shared-types';
import { pdfWorker } from '../src/modules/pdf/pdf-renderer';
import { client, expectStatus, type Client } from './api-helpers';
import { makeProduct, makeRecipient } from './factories';
import { bearer, createTestApp, registerTenant, type TestApp } from './helpers';
import { pdfInfo, pdfText } from './pdf-helpers';

let t: TestApp;
let api: Client;
let token: string;
let quote: Quote;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await registerTenant(t, 'Worker Thread Ltd');
  token = admin.token;
  api = client(t, token);
  const recipient = await makeRecipient(t, admin.tenantId);
  const product = await makeProduct(t, admin.tenantId, { name: 'Bolt', price: '0.35' });
  quote = expectStatus<Quote>(
    await api.post('/api/quotes', {
      customerId: recipient.customer.id,
      contactId: recipient.contact.id,
      items: Array.from({ length: 120 }, (_, i) => ({ productId: product.id, quantity: i + 1 })),
    }),
    201,
  );
  await download(); // the worker is up and warm, as on a server in use
}, 120_000); // a new worker loads its code and fonts first: seconds on a busy machine
afterAll(async () => {
  await t?.close();
});

const download = async () => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/quotes/${quote.id}/pdf`,
    headers: bearer(token),
  });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
};

describe('PDF rendering in a worker thread', () => {
  it('leaves the server’s event loop free while a long document renders', async () => {
    const before = performance.eventLoopUtilization();
    const pdf = await download();
    // The share of the download's time the main thread spent running code rather than waiting:
    // close to 1 when the layout runs on it, small when it only waits for the worker's answer.
    const busy = performance.eventLoopUtilization(before).utilization;
    expect(pdfInfo(pdf).pages).toBeGreaterThanOrEqual(3);
    expect(busy).toBeLessThan(0.5);
  });

  // A new worker loads its code and fonts first: seconds on a busy machine.
  it(
    'starts a new worker for the next render when the worker has died',
    { timeout: 90_000 },
    async () => {
      const before = pdfWorker.threadId;
      expect(before).toBeDefined();
      await pdfWorker.stop();
      const pdf = await download();
      expect(pdfText(pdf)).toContain('Bolt');
      expect(pdfWorker.threadId).not.toBe(before);
    },
  );
});
