/**
 * Issue 38.5: three instances behind HAProxy reaching PostgreSQL through PgBouncer in transaction
 * pooling mode, as an operator with many servers runs them: `DB_LISTEN=0` (no session to LISTEN
 * on) and `DB_PREPARED_STATEMENTS=0` (PgBouncer 1.18 cannot keep named statements). The scale-out
 * suite's steady load fails no request, loses and duplicates nothing, and a write made through one
 * instance reaches a live-update stream on another by polling.
 */
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/server-process';
import { adminQuery, printFigures, registerTenant } from '../reliability/support';
import { Load } from './load';
import { startPgBouncer, type PgBouncer } from './pgbouncer';
import { sleep, startCluster, type Cluster } from './support';

let bouncer: PgBouncer;
let c: Cluster;
beforeAll(async () => {
  bouncer = await startPgBouncer();
  c = await startCluster(3, (databaseUrl) => ({
    DATABASE_URL: bouncer.via(databaseUrl),
    DB_LISTEN: '0',
    DB_PREPARED_STATEMENTS: '0',
  }));
});
afterAll(async () => {
  await c?.close();
  await bouncer?.stop();
});

/** Opens the SSE stream on one instance; collects the versions poked. */
function openStream(base: string, token: string, versions: string[]): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${base}/api/sync/events`,
      { headers: { authorization: `Bearer ${token}` }, agent: false },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`events answered ${res.statusCode}`));
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          for (const m of chunk.matchAll(/event: poke\ndata: (\{.*\})/g))
            versions.push(String((JSON.parse(m[1]!) as { version: string }).version));
        });
        resolve(req);
      },
    );
    req.on('error', reject);
  });
}

describe('three instances through PgBouncer (transaction pooling)', () => {
  it('steady load: no request fails, nothing is lost or duplicated, and live updates arrive by polling', async () => {
    const tenant = await registerTenant(c.servers[0]!, c.dataDir, 'Pooled Load Ltd');
    const product = await api(
      c.url,
      'POST',
      '/api/products',
      { name: 'Widget', price: 12.5, currencyCode: 'USD' },
      tenant.token,
    );
    expect(product.status).toBe(201);
    const customerId = randomUUID();
    const contactId = randomUUID();
    const setup = await api(
      c.url,
      'POST',
      '/api/customers',
      {
        id: customerId,
        name: 'Load Buyer',
        email: 'buyer@example.com',
        mainContactId: contactId,
        mainContactName: 'Pat Buyer',
        mainContactEmail: 'pat@example.com',
      },
      tenant.token,
    );
    expect(setup.status, setup.text).toBe(201);

    // A device's live-update stream on instance 3; the writes go through HAProxy to all three.
    const versions: string[] = [];
    const stream = await openStream(c.servers[2]!.url, tenant.token, versions);
    try {
      const load = new Load(
        c.url,
        c.databaseUrl,
        tenant,
        product.json.id as string,
        customerId,
        contactId,
      );
      const began = Date.now();
      load.start();
      await sleep(15_000);
      await load.settle();
      const stored = await load.verify();
      // The last write's version reaches the stream within the polling interval (1 s) and slack.
      const { rows } = await adminQuery<{ version: string }>(
        `SELECT version::text FROM "${tenant.schemaName}".sync_state`,
        [],
        c.databaseUrl,
      );
      const head = rows[0]!.version;
      const deadline = Date.now() + 10_000;
      while (!versions.includes(head) && Date.now() < deadline) await sleep(50);
      printFigures('steady load through PgBouncer (transaction mode, 3 instances behind HAProxy)', {
        seconds: Math.round((Date.now() - began) / 1000),
        requests: load.requests,
        readsOk: load.readsOk,
        writesAcknowledged: load.acknowledged.size,
        syncPushes: load.pushes,
        failedRequests: load.failures.length,
        failureKinds: JSON.stringify(load.failureKinds()),
        pokesReceived: versions.length,
        lost: stored.lost,
        duplicates: stored.duplicates,
      });
      expect(load.failures).toEqual([]);
      expect(load.requests).toBeGreaterThan(50);
      expect(stored.lost).toBe(0);
      expect(stored.duplicates).toBe(0);
      expect(stored.unacknowledged).toBe(0);
      expect(stored.gapless).toBe(true);
      expect(versions).toContain(head);
      // Versions only move forward on the stream.
      const numbers = versions.map(Number);
      expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    } finally {
      stream.destroy();
    }
    // Polling, not LISTEN: no server holds a LISTEN session on the database.
    const { rows: listening } = await adminQuery<{ n: string }>(
      `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1 AND (query ILIKE 'LISTEN%' OR application_name = 'smb-changes')`,
      [new URL(c.databaseUrl).pathname.slice(1)],
    );
    expect(Number(listening[0]!.n)).toBe(0);
    expect(c.serverLogs()).toContain('DB_LISTEN=0');
    // And the servers' connections are PgBouncer's clients (its admin console lists them).
    const clients = await bouncer.clients(new URL(c.databaseUrl).pathname.slice(1));
    expect(clients).toBeGreaterThanOrEqual(3);
  });
});
