import type { Account } from './accounts';
import { latestCode } from './mailbox';

/** A small REST client for set-up and for checking what reached the server. */
export interface Api {
  token: string;
  get: <T = unknown>(path: string) => Promise<{ status: number; data: T; total: number | null }>;
  post: <T = unknown>(path: string, body?: unknown) => Promise<{ status: number; data: T }>;
  put: <T = unknown>(path: string, body?: unknown) => Promise<{ status: number; data: T }>;
}

async function call(
  baseUrl: string,
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
): Promise<{ status: number; data: unknown; headers: Headers }> {
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let data: unknown = text;
  try {
    data = JSON.parse(text);
  } catch {
    // keep the text
  }
  return { status: response.status, data, headers: response.headers };
}

export async function apiLogin(baseUrl: string, email: string, password: string): Promise<Api> {
  const login = await call(baseUrl, 'POST', '/api/auth/login', null, { email, password });
  if (login.status !== 200)
    throw new Error(`login answered ${login.status}: ${JSON.stringify(login.data)}`);
  return apiWithToken(baseUrl, (login.data as { token: string }).token);
}

export function apiWithToken(baseUrl: string, token: string): Api {
  return {
    token,
    get: async <T>(path: string) => {
      const r = await call(baseUrl, 'GET', path, token);
      const total = r.headers.get('x-total-count');
      return { status: r.status, data: r.data as T, total: total === null ? null : Number(total) };
    },
    post: async <T>(path: string, body?: unknown) => {
      const r = await call(baseUrl, 'POST', path, token, body);
      return { status: r.status, data: r.data as T };
    },
    put: async <T>(path: string, body?: unknown) => {
      const r = await call(baseUrl, 'PUT', path, token, body);
      return { status: r.status, data: r.data as T };
    },
  };
}

/** Invites `email` as a colleague of the admin behind `admin` and accepts with the mailed code. */
export async function inviteColleague(
  baseUrl: string,
  dataDir: string,
  admin: Api,
  email: string,
  options: { isTenantAdmin?: boolean; password?: string } = {},
): Promise<Account> {
  const password = options.password ?? 'Colleague#2026';
  const invited = await admin.post('/api/users/invite', {
    email,
    isTenantAdmin: options.isTenantAdmin ?? false,
  });
  if (invited.status !== 201 && invited.status !== 200)
    throw new Error(`invite answered ${invited.status}: ${JSON.stringify(invited.data)}`);
  const { code } = await latestCode(dataDir, email);
  const accepted = await call(baseUrl, 'POST', '/api/auth/verify-invitation', null, {
    email,
    otpCode: code,
    password,
  });
  if (accepted.status !== 200)
    throw new Error(
      `verify-invitation answered ${accepted.status}: ${JSON.stringify(accepted.data)}`,
    );
  return { email, password, company: '' };
}

export interface QuoteJson {
  id: string;
  quoteNumber: string | null;
  status: string;
  customerId: string;
  notes: string | null;
  total: number;
  items: { productId: string; quantity: number }[];
}

export interface CustomerJson {
  id: string;
  name: string;
  email: string;
  phoneNumber: string | null;
  address: string | null;
}

/** A customer with its main (Primary) contact and a product, made through the REST API. */
export async function seedMasterData(
  api: Api,
  names: { customer: string; contact: string; product: string; sku?: string; price?: number },
): Promise<{ customerId: string; contactId: string; productId: string }> {
  const slug = names.customer.toLowerCase().replace(/[^a-z0-9]+/g, '');
  const customer = await api.post<CustomerJson>('/api/customers', {
    name: names.customer,
    email: `office@${slug}.example`,
    address: '12 Market Square',
    mainContactName: names.contact,
    mainContactEmail: `${names.contact.toLowerCase().replace(/[^a-z]+/g, '.')}@${slug}.example`,
  });
  if (customer.status !== 201)
    throw new Error(`customer answered ${customer.status}: ${JSON.stringify(customer.data)}`);
  const product = await api.post<{ id: string }>('/api/products', {
    name: names.product,
    sku: names.sku ?? 'SKU-1',
    price: names.price ?? 50,
    currencyCode: 'USD',
  });
  if (product.status !== 201)
    throw new Error(`product answered ${product.status}: ${JSON.stringify(product.data)}`);
  const contacts = await api.get<{ id: string }[]>(`/api/contacts/customer/${customer.data.id}`);
  const contactId = contacts.data[0]?.id;
  if (!contactId) throw new Error(`no main contact: ${JSON.stringify(contacts.data)}`);
  return { customerId: customer.data.id, contactId, productId: product.data.id };
}

/** A Draft quote made through the REST API. */
export async function seedQuote(
  api: Api,
  ids: { customerId: string; contactId: string; productId: string },
  quantity = 1,
): Promise<QuoteJson> {
  const quote = await api.post<QuoteJson>('/api/quotes', {
    customerId: ids.customerId,
    contactId: ids.contactId,
    currencyCode: 'USD',
    items: [{ productId: ids.productId, quantity }],
    notes: '',
  });
  if (quote.status !== 201)
    throw new Error(`quote answered ${quote.status}: ${JSON.stringify(quote.data)}`);
  return quote.data;
}
