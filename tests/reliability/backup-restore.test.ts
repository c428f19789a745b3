import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Manifest } from '../../sync-server/src/backup/catalogue';
import { api, REPO_ROOT, startServer, type ServerProcess } from '../support/server-process';
import {
  freshPostgres,
  login,
  printFigures,
  registerTenant,
  serverEnv,
  tempDir,
  type Tenant,
} from './support';

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
});

async function postgres() {
  const db = await freshPostgres('smb_rel_backup');
  cleanups.push(() => db.drop());
  return db;
}
function dir(prefix: string) {
  const d = tempDir(prefix);
  cleanups.push(() => rmSync(d, { recursive: true, force: true }));
  return d;
}

/** `npm run backup|restore -- …` as an operator runs it; resolves with the exit code and output. */
function cli(command: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; output: string }>((resolve) => {
    execFile(
      'npm',
      ['run', '--silent', command, '--', ...args],
      { cwd: REPO_ROOT, env: { ...process.env, ...env }, timeout: 120_000 },
      (err, stdout, stderr) =>
        resolve({
          code: err ? Number((err as { code?: number }).code ?? 1) : 0,
          output: stdout + stderr,
        }),
    );
  });
}

const manifestOf = (d: string) =>
  JSON.parse(readFileSync(path.join(d, 'manifest.json'), 'utf8')) as Manifest;

/** Row counts and money sums per table, keyed `schema.table` (tenant tables) or `app.table`. */
function statsOf(m: Manifest, only?: string) {
  const out: Record<string, { rows: number; sums: Record<string, string> }> = {};
  for (const [t, e] of Object.entries(m.app)) out[`app.${t}`] = { rows: e.rows, sums: e.sums };
  for (const tenant of m.tenants)
    if (!only || tenant.id === only)
      for (const [t, e] of Object.entries(tenant.tables))
        out[`${tenant.schemaName}.${t}`] = { rows: e.rows, sums: e.sums };
  return out;
}
const tenantStats = (m: Manifest, id: string) =>
  Object.fromEntries(Object.entries(statsOf(m, id)).filter(([k]) => !k.startsWith('app.')));

/** Every kind of record through the REST API, plus a sync push, a deletion and an invitation. */
async function seed(server: ServerProcess, t: Tenant, tag: string) {
  const call = async (method: string, url: string, body?: unknown, expected = [200, 201, 204]) => {
    const res = await api(server.url, method, url, body, t.token);
    if (!expected.includes(res.status))
      throw new Error(`${method} ${url}: ${res.status} ${res.text}`);
    return res.json;
  };
  await call('POST', '/api/currencies', {
    code: 'EUR',
    name: 'Euro',
    symbol: '€',
    taxRate: 19.5,
    dollarExchangeRate: 1.0825,
  });
  const product = await call('POST', '/api/products', {
    name: `${tag} Widget`,
    sku: 'W-1',
    price: 19.99,
    currencyCode: 'USD',
    cost: 7.35,
    stock: 40,
    category: 'Parts',
  });
  const euroProduct = await call('POST', '/api/products', {
    name: `${tag} Gadget`,
    price: 1234.56,
    currencyCode: 'EUR',
  });
  const documents: Array<{ quote: string; order?: string }> = [];
  for (let i = 0; i < 3; i++) {
    const customer = await call('POST', '/api/customers', {
      name: `${tag} Customer ${i}`,
      email: `c${i}@${tag.toLowerCase()}.test`,
      phoneNumber: '555-0100',
      address: `${i} Main St`,
      mainContactName: `Main ${i}`,
      mainContactEmail: `main${i}@${tag.toLowerCase()}.test`,
    });
    const contact = await call('POST', `/api/contacts/customer/${customer.id as string}`, {
      name: `Buyer ${i}`,
      email: `buyer${i}@${tag.toLowerCase()}.test`,
      role: 'Purchasing',
    });
    const quote = await call('POST', '/api/quotes', {
      customerId: customer.id,
      contactId: contact.id,
      currencyCode: i === 2 ? 'EUR' : 'USD',
      notes: `<p>Quote ${i} for <b>${tag}</b></p>`,
      items: [
        { productId: i === 2 ? euroProduct.id : product.id, quantity: 3 + i },
        { productId: product.id, quantity: 1 },
      ],
    });
    documents.push({ quote: quote.id as string });
  }
  await call('POST', `/api/quotes/${documents[0]!.quote}/send`);
  for (const d of documents.slice(0, 2))
    d.order = (await call('POST', `/api/quotes/${d.quote}/convert`)).id as string;
  const invoice = await call('POST', `/api/orders/${documents[0]!.order!}/create-invoice`);
  await call('PUT', `/api/invoices/${invoice.id as string}`, { status: 'Paid' });
  // A deleted customer leaves a tombstone; a sync push leaves the client's bookkeeping.
  const doomed = await call('POST', '/api/customers', {
    name: `${tag} Doomed`,
    email: 'gone@example.com',
  });
  await call('DELETE', `/api/customers/${doomed.id as string}`);
  const push = await call('POST', '/api/sync/push', {
    clientGroupId: randomUUID(),
    clientId: randomUUID(),
    mutations: [
      {
        id: 1,
        name: 'customer.create',
        args: { id: randomUUID(), name: `${tag} Synced`, email: 'sync@example.com' },
      },
    ],
  });
  expect(push.lastMutationId).toBe(1);
  await call('POST', '/api/users/invite', {
    email: `colleague-${randomUUID().slice(0, 8)}@example.com`,
  });
}

/** What a logged-in user reads: every list of the tenant. */
async function readAll(server: ServerProcess, token: string) {
  const out: Record<string, unknown> = {};
  for (const url of [
    '/api/customers',
    '/api/contacts',
    '/api/products',
    '/api/currencies',
    '/api/quotes',
    '/api/orders',
    '/api/invoices',
  ]) {
    const res = await api(server.url, 'GET', `${url}?limit=100`, undefined, token);
    expect(res.status, `${url}: ${res.text}`).toBe(200);
    out[url] = res.json;
  }
  return out;
}

describe('backup and restore', () => {
  it('restores two tenants into fresh PostgreSQL and embedded databases, and one tenant alone, with identical rows and sums', async () => {
    // Source: PostgreSQL, two tenants, the server running during the backup.
    const source = await postgres();
    const sourceDir = dir('smb-rel-bk-src-');
    const sourceEnv = serverEnv(sourceDir, source.url);
    const server = await startServer(sourceEnv);
    cleanups.push(() => server.stop('SIGKILL').then(() => undefined));
    const t1 = await registerTenant(server, sourceDir, 'Alpha Trading');
    const t2 = await registerTenant(server, sourceDir, 'Beta Supplies');
    await seed(server, t1, 'Alpha');
    await seed(server, t2, 'Beta');
    expect(
      (
        await api(server.url, 'POST', '/api/public/contact', {
          name: 'Ann',
          email: 'ann@example.com',
          subject: 'Pricing',
          message: 'Hello',
        })
      ).status,
    ).toBe(201);
    const before1 = await readAll(server, t1.token);
    const before2 = await readAll(server, t2.token);

    const full = dir('smb-rel-bk-full-');
    const backupStarted = Date.now();
    let run = await cli('backup', ['--out', full], sourceEnv);
    expect(run.code, run.output).toBe(0);
    const backupMs = Date.now() - backupStarted;
    const m = manifestOf(full);
    expect(m.tenants.map((t) => t.id).sort()).toEqual([t1.tenantId, t2.tenantId].sort());
    expect(m.appMigrations.length).toBeGreaterThan(0);
    // Every kind of record is in it.
    for (const tenant of m.tenants) {
      const rows = Object.fromEntries(Object.entries(tenant.tables).map(([t, e]) => [t, e.rows]));
      expect(rows).toMatchObject({
        currencies: 2,
        products: 2,
        customers: 4,
        contacts: 6,
        quotes: 3,
        quote_items: 6,
      });
      expect(rows).toMatchObject({
        orders: 2,
        order_items: 4,
        invoices: 1,
        invoice_items: 2,
        sync_clients: 1,
        counters: 4, // quote, order, invoice, credit note
      });
      expect(rows.tombstones).toBeGreaterThanOrEqual(1);
      expect(Number(tenant.tables.invoices!.sums.total)).toBeGreaterThan(0);
    }
    expect(m.app.users!.rows).toBe(4);
    expect(m.app.one_time_codes!.rows).toBeGreaterThanOrEqual(2);
    expect(m.app.contact_messages!.rows).toBe(1);
    const one = dir('smb-rel-bk-one-');
    run = await cli('backup', ['--out', one, '--tenant', t2.tenantId], sourceEnv);
    expect(run.code, run.output).toBe(0);
    await server.stop('SIGTERM');

    // 1. Everything into a fresh PostgreSQL; a backup of the result has the same counts and sums.
    const pgTarget = await postgres();
    const pgEnv = serverEnv(dir('smb-rel-bk-pg-'), pgTarget.url);
    const restoreStarted = Date.now();
    run = await cli('restore', ['--from', full], pgEnv);
    expect(run.code, run.output).toBe(0);
    const restoreMs = Date.now() - restoreStarted;
    const pgCheck = dir('smb-rel-bk-pgchk-');
    expect((await cli('backup', ['--out', pgCheck], pgEnv)).code).toBe(0);
    expect(statsOf(manifestOf(pgCheck))).toEqual(statsOf(m));

    // 2. Everything into a fresh embedded database; users log in and read the same data.
    const embDir = dir('smb-rel-bk-emb-');
    const embEnv = serverEnv(embDir);
    run = await cli('restore', ['--from', full], embEnv);
    expect(run.code, run.output).toBe(0);
    const emb = await startServer(embEnv, 120_000);
    cleanups.push(() => emb.stop('SIGKILL').then(() => undefined));
    expect(await readAll(emb, await login(emb, t1.email))).toEqual(before1);
    expect(await readAll(emb, await login(emb, t2.email))).toEqual(before2);
    // The embedded database is one process's: a backup while the server holds it is refused.
    const busy = await cli('backup', ['--out', dir('smb-rel-bk-busy-')], embEnv);
    expect(busy.code).toBe(1);
    expect(busy.output).toContain(`is in use by process ${emb.child.pid}; stop that process first`);
    expect(await emb.stop('SIGTERM')).toBe(0);
    const embCheck = dir('smb-rel-bk-embchk-');
    expect((await cli('backup', ['--out', embCheck], embEnv)).code).toBe(0);
    expect(statsOf(manifestOf(embCheck))).toEqual(statsOf(m));

    // 3. One tenant alone (from the full backup) into another fresh PostgreSQL.
    const alone = await postgres();
    const aloneEnv = serverEnv(dir('smb-rel-bk-alone-'), alone.url);
    run = await cli('restore', ['--from', full, '--tenant', t2.tenantId], aloneEnv);
    expect(run.code, run.output).toBe(0);
    const aloneCheck = dir('smb-rel-bk-alonechk-');
    expect((await cli('backup', ['--out', aloneCheck], aloneEnv)).code).toBe(0);
    const restoredAlone = manifestOf(aloneCheck);
    expect(restoredAlone.tenants.map((t) => t.id)).toEqual([t2.tenantId]);
    expect(tenantStats(restoredAlone, t2.tenantId)).toEqual(tenantStats(m, t2.tenantId));
    expect(statsOf(restoredAlone, t2.tenantId)['app.users']).toEqual(
      statsOf(manifestOf(one))['app.users'],
    );
    expect(restoredAlone.app.tenants!.rows).toBe(1);
    const aloneServer = await startServer(aloneEnv);
    cleanups.push(() => aloneServer.stop('SIGKILL').then(() => undefined));
    expect(await readAll(aloneServer, await login(aloneServer, t2.email))).toEqual(before2);
    expect(
      (
        await api(aloneServer.url, 'POST', '/api/auth/login', {
          email: t1.email,
          password: 'Str0ng!Pass',
        })
      ).status,
    ).toBe(401);
    await aloneServer.stop('SIGTERM');

    // 4. The tenant-only backup restores too, and a second restore of that tenant is refused.
    const again = await cli('restore', ['--from', one], aloneEnv);
    expect(again.code).toBe(1);
    expect(again.output).toContain(
      `Restore failed: The target database already has tenant "Beta Supplies" (id ${t2.tenantId}`,
    );
    const fromOne = await postgres();
    run = await cli('restore', ['--from', one], serverEnv(dir('smb-rel-bk-one2-'), fromOne.url));
    expect(run.code, run.output).toBe(0);

    const stats = statsOf(m);
    const sums = (table: string) =>
      m.tenants
        .map((t) =>
          Object.entries(stats[`${t.schemaName}.${table}`]!.sums)
            .map(([k, v]) => `${k} ${v}`)
            .join(', '),
        )
        .join(' | ');
    printFigures('backup → restore (PostgreSQL → PostgreSQL, → embedded, one tenant alone)', {
      tenants: m.tenants.length,
      tablesCompared: Object.keys(stats).length,
      rowsBackedUp: Object.values(stats).reduce((a, t) => a + t.rows, 0),
      quoteSums: sums('quotes'),
      invoiceSums: sums('invoices'),
      backupMs,
      restoreMs,
      countsAndSums: 'identical after each restore',
      lost: 0,
      duplicates: 0,
    });
  });
});
