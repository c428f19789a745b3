/** What a tenant does with a long-lived server: its records, and every kind of call it makes. */
import { randomUUID } from 'node:crypto';
import { api, type ServerProcess } from '../support/server-process';
import { PASSWORD, login, sleep, type Tenant } from '../reliability/support';

export interface Records {
  customerId: string;
  contactId: string;
  productId: string;
  /** A sent quote: its public page answers with its token. */
  quote: { id: string; tenantId: string; accessToken: string };
  clientGroupId: string;
  clientId: string;
  nextMutationId: number;
}

async function created(
  server: ServerProcess,
  token: string,
  method: string,
  url: string,
  body?: unknown,
): Promise<Record<string, unknown>> {
  const res = await api(server.url, method, url, body, token);
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${res.text}`);
  return res.json;
}

/** A customer with a contact, a product, a sent quote, its order and that order's invoice. */
export async function createRecords(server: ServerProcess, tenant: Tenant): Promise<Records> {
  const call = (method: string, url: string, body?: unknown) =>
    created(server, tenant.token, method, url, body);
  const customer = await call('POST', '/api/customers', {
    name: 'Lakeside Joinery',
    email: 'office@lakeside.test',
  });
  const contact = await call('POST', `/api/contacts/customer/${customer.id as string}`, {
    name: 'Mia Holt',
    email: 'mia@lakeside.test',
  });
  const product = await call('POST', '/api/products', {
    name: 'Oak worktop',
    price: 249.5,
    currencyCode: 'USD',
  });
  const quote = await call('POST', '/api/quotes', {
    customerId: customer.id,
    contactId: contact.id,
    currencyCode: 'USD',
    items: [{ productId: product.id, quantity: 2 }],
  });
  const sent = await call('POST', `/api/quotes/${quote.id as string}/send`);
  const order = await call('POST', `/api/quotes/${quote.id as string}/convert`);
  await call('POST', `/api/orders/${order.id as string}/create-invoice`);
  return {
    customerId: customer.id as string,
    contactId: contact.id as string,
    productId: product.id as string,
    quote: {
      id: sent.id as string,
      tenantId: sent.tenantId as string,
      accessToken: sent.accessToken as string,
    },
    clientGroupId: randomUUID(),
    clientId: randomUUID(),
    nextMutationId: 1,
  };
}

/**
 * Every kind of call, once, in the order a day's work makes them; each answer's status by the
 * call's name. The events stream is opened and must carry a poke for a write made meanwhile.
 */
export async function everyCall(
  server: ServerProcess,
  tenant: Tenant,
  records: Records,
): Promise<Record<string, number>> {
  const statuses: Record<string, number> = {};
  const call = async (
    label: string,
    method: string,
    url: string,
    body?: unknown,
    token?: string,
  ) => {
    const res = await api(server.url, method, url, body, token ?? tenant.token);
    statuses[label] = res.status;
    return res;
  };
  const loggedIn = await call('login', 'POST', '/api/auth/login', {
    email: tenant.email,
    password: PASSWORD,
  });
  const token = (loggedIn.json?.token as string | undefined) ?? tenant.token;
  await call('customer by id', 'GET', `/api/customers/${records.customerId}`, undefined, token);
  for (const list of [
    'customers',
    'contacts',
    'products',
    'currencies',
    'quotes',
    'orders',
    'invoices',
  ])
    await call(`${list} list`, 'GET', `/api/${list}?limit=50`, undefined, token);
  await call(
    'quote creation',
    'POST',
    '/api/quotes',
    {
      customerId: records.customerId,
      contactId: records.contactId,
      currencyCode: 'USD',
      items: [{ productId: records.productId, quantity: 1 }],
    },
    token,
  );
  const push = await call(
    'sync push',
    'POST',
    '/api/sync/push',
    {
      clientGroupId: records.clientGroupId,
      clientId: records.clientId,
      mutations: [
        {
          id: records.nextMutationId,
          name: 'customer.create',
          args: {
            id: randomUUID(),
            name: `Synced ${records.nextMutationId}`,
            email: `synced${records.nextMutationId}@lakeside.test`,
          },
        },
      ],
    },
    token,
  );
  if (push.status === 200) {
    const [result] = push.json.results as Array<{ status: string }>;
    // A push answers 200 whatever became of its mutations: this one must have been applied.
    if (result?.status !== 'applied') statuses[`sync push: ${JSON.stringify(result)}`] = 0;
    else records.nextMutationId += 1;
  }
  await call(
    'sync pull',
    'POST',
    '/api/sync/pull',
    { clientGroupId: records.clientGroupId, clientId: records.clientId, cursor: null },
    token,
  );
  const { quote } = records;
  await call(
    'public quote page',
    'GET',
    `/api/quotes/${quote.tenantId}/${quote.id}/view?token=${encodeURIComponent(quote.accessToken)}`,
  );
  statuses['events stream poke'] = await pokeAfterWrite(server, token, records);
  return statuses;
}

/**
 * Opens the events stream and writes until it carries a poke (the stream learns the tenant's
 * version when it opens, so a write racing that first read is simply followed by another).
 * 200 when a poke came within 15 s, else the stream's status or 0.
 */
async function pokeAfterWrite(
  server: ServerProcess,
  token: string,
  records: Records,
): Promise<number> {
  const abort = new AbortController();
  const deadline = Date.now() + 15_000;
  try {
    const res = await fetch(`${server.url}/api/sync/events`, {
      headers: { authorization: `Bearer ${token}` },
      signal: abort.signal,
    });
    if (res.status !== 200 || !res.body) return res.status;
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let received = '';
    const reading = (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        received += decoder.decode(value, { stream: true });
      }
    })().catch(() => undefined);
    while (!received.includes(': connected') && Date.now() < deadline) await sleep(20);
    let n = 0;
    while (!received.includes('event: poke') && Date.now() < deadline) {
      await api(
        server.url,
        'PUT',
        `/api/customers/${records.customerId}`,
        {
          name: 'Lakeside Joinery',
          email: 'office@lakeside.test',
          address: `${++n} Harbour Road`,
        },
        token,
      );
      for (let waited = 0; waited < 1_500 && !received.includes('event: poke'); waited += 50)
        await sleep(50);
    }
    abort.abort();
    await reading;
    return received.includes('event: poke') ? 200 : 0;
  } catch {
    return 0;
  } finally {
    abort.abort();
  }
}

/** The calls of `statuses` that did not answer 2xx, for a readable failure. */
export function failures(statuses: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(statuses).filter(([, s]) => s < 200 || s >= 300));
}

export { login };
