/**
 * Hostile input, driven by the OpenAPI document the server generates from its route
 * schemas: for every operation, known-bad and generated bodies, params and queries. The server
 * must answer 2xx or 4xx with `{ statusCode, error, message }` — never a 5xx, never a stack trace —
 * and must never store a field it does not accept.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, expectStatus, schemaOf } from '../api-helpers';
import { bearer, createTestApp, registerTenant, type TestApp } from '../helpers';

interface Operation {
  method: string;
  path: string;
  properties: Record<string, { type?: string | string[] }>;
  params: string[];
  query: string[];
}

let t: TestApp;
let admin: Awaited<ReturnType<typeof registerTenant>>;
let operations: Operation[];

const EMOJI_10K = '😀'.repeat(10_000);
const HOSTILE_STRINGS = [
  '',
  ' ',
  'NaN',
  'Infinity',
  '-0',
  '1e999',
  '0x1F',
  '"1"',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  EMOJI_10K,
  "' OR 1=1 --",
  "'); DROP TABLE customers; --",
  'a@b.co\r\nBcc: victim@example.com',
  'usd',
  'XYZ',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  'a'.repeat(5000),
];
const HOSTILE_VALUES: unknown[] = [
  ...HOSTILE_STRINGS,
  1,
  -1,
  0,
  1.005,
  -99999999999999,
  1e20,
  1e308,
  -1e308,
  2 ** 63,
  Number.MAX_SAFE_INTEGER + 2,
  true,
  false,
  null,
  [],
  ['a'],
  {},
  { nested: { deeper: [1, 2, 3] } },
];

const hostileValue = fc.oneof(
  fc.constantFrom(...HOSTILE_VALUES),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.double(),
  fc.integer(),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map((n) => Number(n)),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
);

function operationsOf(doc: {
  paths: Record<string, Record<string, Record<string, unknown>>>;
}): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (path.startsWith('/api/docs') || path.endsWith('/events')) continue;
    for (const [method, op] of Object.entries(methods)) {
      const body = (
        op.requestBody as
          | {
              content?: Record<
                string,
                { schema?: { properties?: Record<string, { type?: string }> } }
              >;
            }
          | undefined
      )?.content?.['application/json']?.schema;
      const parameters = (op.parameters as Array<{ in: string; name: string }> | undefined) ?? [];
      ops.push({
        method: method.toUpperCase(),
        path,
        properties: body?.properties ?? {},
        params: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: parameters.filter((p) => p.in === 'query').map((p) => p.name),
      });
    }
  }
  return ops;
}

const tally = { requests: 0, fiveXx: 0, stackTraces: 0, badShape: 0 };
const failures: string[] = [];

async function send(op: Operation, path: string, payload: unknown, raw?: string) {
  const res = await t.app.inject({
    method: op.method as 'POST',
    url: path,
    headers: {
      ...bearer(admin.token),
      ...(raw !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(raw !== undefined
      ? { payload: raw }
      : payload !== undefined
        ? { payload: payload as object }
        : {}),
  });
  tally.requests++;
  const label = `${op.method} ${path} ${raw !== undefined ? raw.slice(0, 60) : JSON.stringify(payload)?.slice(0, 120)}`;
  if (res.statusCode >= 500) {
    tally.fiveXx++;
    failures.push(`${res.statusCode} ${label}: ${res.body.slice(0, 200)}`);
  }
  if (/node_modules|\bat [\w.<>]+ \(|\.ts:\d+/.test(res.body)) {
    tally.stackTraces++;
    failures.push(`stack trace ${label}`);
  }
  if (res.statusCode >= 400 && !String(res.headers['content-type']).startsWith('text/html')) {
    const body = res.json() as Record<string, unknown>;
    if (
      typeof body.message !== 'string' ||
      body.statusCode !== res.statusCode ||
      typeof body.error !== 'string'
    ) {
      tally.badShape++;
      failures.push(`shape ${label}: ${res.body.slice(0, 200)}`);
    }
  }
  return res;
}

function fillPath(op: Operation, value: (param: string) => string): string {
  return op.path.replace(/\{(\w+)\}/g, (_, p: string) => encodeURIComponent(value(p)));
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await registerTenant(t, 'Hostile Co');
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  operations = operationsOf(doc);
});
afterAll(async () => {
  await t?.close();
  console.log(
    `hostile input: ${tally.requests} requests → ${tally.fiveXx} 5xx, ${tally.stackTraces} stack traces, ${tally.badShape} malformed error bodies`,
  );
});

describe('hostile input on every operation', () => {
  it('reads the operations from the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(40);
  });

  it('answers known-bad values in every body field, path parameter and query with a 4xx (or 2xx), never a 5xx', async () => {
    for (const op of operations) {
      const path = fillPath(op, () => randomUUID());
      for (const value of HOSTILE_VALUES) {
        if (Object.keys(op.properties).length > 0)
          for (const field of Object.keys(op.properties)) await send(op, path, { [field]: value });
        if (op.method === 'POST' || op.method === 'PUT') await send(op, path, value);
      }
      for (const bad of ['../x', 'a'.repeat(3000), '%00', '\u0000', ' ', 'null', '-1', '😀'])
        if (op.params.length)
          await send(
            op,
            fillPath(op, () => bad),
            op.method === 'POST' || op.method === 'PUT' ? {} : undefined,
          );
      for (const name of [...op.query, 'limit', 'offset', 'q'])
        for (const bad of ['-1', 'abc', '1e20', '99999999999999999999', '\u0000', "'", '%', '_'])
          await send(
            op,
            `${path}?${name}=${encodeURIComponent(bad)}`,
            op.method === 'POST' || op.method === 'PUT' ? {} : undefined,
          );
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('answers generated bodies (fast-check) with a 4xx or 2xx, never a 5xx', async () => {
    const bodied = operations.filter((op) => Object.keys(op.properties).length > 0);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...bodied),
        fc.dictionary(fc.constantFrom('x'), hostileValue, { maxKeys: 0 }),
        fc.array(hostileValue, { minLength: 1, maxLength: 12 }),
        async (op, _none, values) => {
          const fields = Object.keys(op.properties);
          const body = Object.fromEntries(fields.map((f, i) => [f, values[i % values.length]]));
          await send(
            op,
            fillPath(op, () => randomUUID()),
            body,
          );
          return true;
        },
      ),
      { numRuns: 800 },
    );
    expect(failures).toEqual([]);
  }, 300_000);

  it('refuses a body over 1 MB with 413, deep nesting and __proto__ keys with 400', async () => {
    const op: Operation = {
      method: 'POST',
      path: '/api/customers',
      properties: {},
      params: [],
      query: [],
    };
    const big = await send(
      op,
      op.path,
      undefined,
      JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 1), email: 'a@b.co' }),
    );
    expect(big.statusCode).toBe(413);
    const deep = await send(op, op.path, undefined, `${'['.repeat(10_000)}${']'.repeat(10_000)}`);
    expect(deep.statusCode).toBe(400);
    const deepObject = await send(
      op,
      op.path,
      undefined,
      `{"name":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)},"email":"a@b.co"}`,
    );
    expect(deepObject.statusCode).toBe(400);
    const proto = await send(
      op,
      op.path,
      undefined,
      '{"name":"P","email":"p@p.co","__proto__":{"isTenantAdmin":true}}',
    );
    expect(proto.statusCode).toBe(400);
    const ctor = await send(
      op,
      op.path,
      undefined,
      '{"name":"P","email":"p@p.co","constructor":{"prototype":{"x":1}}}',
    );
    expect(ctor.statusCode).toBeLessThan(500);
    expect(failures).toEqual([]);
  });
});

describe('fields the server does not accept are never stored', () => {
  it('ignores tenantId, version, isTenantAdmin and friends in bodies', async () => {
    const api = client(t, admin.token);
    const other = await registerTenant(t, 'Other Co');
    const schema = await schemaOf(t, admin.tenantId);
    const created = expectStatus<{ id: string; version: string }>(
      await api.post('/api/customers', {
        name: 'Plain',
        email: 'plain@x.test',
        tenantId: other.tenantId,
        version: 999999,
        updatedAt: '2000-01-01T00:00:00Z',
        createdAt: '2000-01-01T00:00:00Z',
      }),
      201,
    );
    const { rows } = await t.ctx.database.pool.query(
      `SELECT version, created_at FROM "${schema}".customers WHERE id = $1`,
      [created.id],
    );
    expect(Number(rows[0].version)).toBeLessThan(999999);
    expect(new Date(rows[0].created_at).getFullYear()).toBeGreaterThan(2000);

    const invited = expectStatus<{ id: string }>(
      await api.post('/api/users/invite', {
        email: `inv-${randomUUID().slice(0, 6)}@x.test`,
        isTenantAdmin: false,
        tenantId: other.tenantId,
        isVerified: true,
        isPendingApproval: false,
      }),
      201,
    );
    const user = (
      await t.ctx.database.pool.query(
        'SELECT tenant_id, is_verified, is_pending_approval FROM app.users WHERE id = $1',
        [invited.id],
      )
    ).rows[0];
    expect(user).toEqual({
      tenant_id: admin.tenantId,
      is_verified: false,
      is_pending_approval: true,
    });

    expectStatus(
      await api.put('/api/tenants/current', {
        naturalName: 'Hostile Co',
        schemaName: 'public',
        id: other.tenantId,
      }),
      200,
    );
    const tenant = (
      await t.ctx.database.pool.query('SELECT id, schema_name FROM app.tenants WHERE id = $1', [
        admin.tenantId,
      ])
    ).rows[0];
    expect(tenant.schema_name).toBe(schema);

    const member = await registerTenant(t, 'Member Co');
    const me = client(t, member.token);
    const product = expectStatus<{ id: string; version: string }>(
      await me.post('/api/products', {
        name: 'P',
        price: 1,
        currencyCode: 'USD',
        version: '1',
        id: randomUUID(),
        isTenantAdmin: true,
      }),
      201,
    );
    expect(product.version).not.toBe('999999');
  });
});
