import { createVerifiedAccount, type Account } from './accounts';
import { apiLogin, seedMasterData, seedQuote } from './api';
import { readMailbox } from './mailbox';

/**
 * A tenant with a document on every screen an audit visits (the axe spec, the Lighthouse bench):
 * a customer with its contact, a product, a Draft quote, a Sent quote whose public link is read
 * from the dev mailbox, and a third turned into an order and an invoice. Through the REST API.
 */
export async function seedAuditTenant(
  baseUrl: string,
  dataDir: string,
  names: { customer: string; contact: string; product: string },
): Promise<{ owner: Account; draftId: string; invoiceId: string; publicPath: string }> {
  const owner = await createVerifiedAccount(baseUrl, dataDir);
  const api = await apiLogin(baseUrl, owner.email, owner.password);
  const ids = await seedMasterData(api, { ...names, sku: 'OVEN-3', price: 2450 });
  const sent = await seedQuote(api, ids, 2);
  const draft = await seedQuote(api, ids, 1);
  const billed = await seedQuote(api, ids, 3);
  for (const q of [sent, billed]) {
    const res = await api.post(`/api/quotes/${q.id}/send`);
    if (res.status !== 200) throw new Error(`send answered ${res.status}`);
  }
  const mail = (await readMailbox(dataDir)).find((m) => m.text.includes(sent.id));
  const link = mail?.text.match(/https?:\/\/\S+\/quote\/\S+\/view\?token=\S+/)?.[0];
  if (!link) throw new Error('no public quote link in the mailbox');
  const order = await api.post<{ id: string }>(`/api/quotes/${billed.id}/convert`);
  if (order.status !== 201) throw new Error(`convert answered ${order.status}`);
  const invoice = await api.post<{ id: string }>(`/api/orders/${order.data.id}/create-invoice`);
  if (invoice.status !== 201) throw new Error(`create-invoice answered ${invoice.status}`);
  const url = new URL(link);
  return {
    owner,
    draftId: draft.id,
    invoiceId: invoice.data.id,
    publicPath: url.pathname + url.search,
  };
}
