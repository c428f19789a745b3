/**
 * Responses are serialized from a `nullable` form of each route's response schema
 * (`plugins/serializer.ts`), which fast-json-stringify writes without running Ajv on every
 * nullable field. The API's answers must not change by a byte: for every response schema of
 * every route, random values the schema allows serialize the same with the schema as declared
 * and with its serializing form.
 */
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSerializer, nullableForSerializing } from '../src/plugins/serializer';
import { bearer, createTestApp, registerTenant, type TestApp } from './helpers';
import { makeProduct, makeRecipient } from './factories';

type Schema = Record<string, unknown>;

const collected: RouteOptions[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ build: { onRoute: (route) => collected.push(route) } });
});
afterAll(async () => {
  await t?.close();
});

/** Values a JSON schema allows (the keywords our response schemas use). */
function valuesOf(schema: Schema): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if (Array.isArray(schema.anyOf)) return fc.oneof(...(schema.anyOf as Schema[]).map(valuesOf));
  switch (schema.type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer();
    case 'number':
      return fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }));
    case 'string': {
      const instant = fc.date({ min: new Date(0), max: new Date(4e12), noInvalidDate: true });
      if (schema.format === 'date-time') return instant.map((d) => d.toISOString());
      if (schema.format === 'date') return instant.map((d) => d.toISOString().slice(0, 10));
      return fc.oneof(
        fc.string(),
        fc.string({ unit: 'binary' }),
        fc.constantFrom('', '"\\\n\u2028'),
      );
    }
    case 'array':
      return fc.array(valuesOf(schema.items as Schema), { maxLength: 3 });
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = (schema.required ?? []) as string[];
      return fc.record(
        Object.fromEntries(Object.entries(properties).map(([k, s]) => [k, valuesOf(s)])),
        { requiredKeys: required },
      );
    }
    default:
      return fc.jsonValue();
  }
}

/** Every JSON response schema of every route, named by route and status. */
function responseSchemas(): Array<[string, Schema]> {
  const out: Array<[string, Schema]> = [];
  const seen = new Set<string>();
  for (const route of collected) {
    const response = (route.schema?.response ?? {}) as Record<string, Schema>;
    const methods = ([] as string[]).concat(route.method);
    for (const [status, declared] of Object.entries(response)) {
      const content = declared.content as Record<string, { schema: Schema }> | undefined;
      const schema = content ? content['application/json']?.schema : declared;
      // Many routes answer the same shapes (every error, most lists): each is checked once.
      if (!schema || seen.has(JSON.stringify(schema))) continue;
      seen.add(JSON.stringify(schema));
      out.push([`${methods.join(',')} ${route.url} ${status}`, schema]);
    }
  }
  return out;
}

const route = (schema: Schema) => ({ schema, method: 'GET', url: '/', httpStatus: '200' });
/** Fastify's default serializer, from the schema as declared. */
const declaredSerializer = (schema: Schema) => SerializerSelector()(undefined, {})(route(schema));
/** Ours. */
const ourSerializer = (schema: Schema) => buildSerializer(undefined, {})(route(schema));

const countAnyOf = (schema: unknown) => JSON.stringify(schema).split('"anyOf"').length - 1;

describe('response serialization', () => {
  it('writes every value of every response schema byte for byte as the declared schema does', () => {
    const schemas = responseSchemas();
    expect(schemas.length).toBeGreaterThan(20);
    for (const [name, schema] of schemas) {
      const declared = declaredSerializer(schema);
      const fast = ourSerializer(schema);
      fc.assert(
        fc.property(valuesOf(schema), (value) => {
          expect(fast(value), name).toBe(declared(value));
        }),
        { numRuns: 50 },
      );
    }
    // Two serializers compiled per schema: slow on a shared machine.
  }, 300_000);

  it('leaves no nullable field of a quote to be written through anyOf', () => {
    const list = (
      collected.find((r) => r.url === '/api/quotes/' && r.method === 'GET')!.schema!
        .response as Record<string, unknown>
    )[200];
    expect(countAnyOf(list)).toBeGreaterThan(10);
    expect(countAnyOf(nullableForSerializing(list))).toBe(0);
  });

  it('answers a quote list whose nullable fields are null and set', async () => {
    const admin = await registerTenant(t, 'Serializer Makers Ltd');
    const { customer, contact } = await makeRecipient(t, admin.tenantId);
    const product = await makeProduct(t, admin.tenantId);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/quotes',
      headers: bearer(admin.token),
      payload: {
        customerId: customer.id,
        contactId: contact.id,
        items: [{ productId: product.id, quantity: 2 }],
      },
    });
    expect(created.statusCode).toBe(201);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/quotes',
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(200);
    const [quote] = res.json();
    expect(quote).toMatchObject({
      id: created.json().id,
      contactId: contact.id,
      customer: { name: customer.name },
      viewedAt: null,
      acceptedAt: null,
      items: [{ productId: product.id, quantity: 2, product: { name: product.name } }],
    });
    // The bytes are those the schema as declared writes.
    const list = collected.find((r) => r.url === '/api/quotes/' && r.method === 'GET')!;
    const declared = declaredSerializer((list.schema!.response as Record<string, Schema>)[200]!);
    expect(res.body).toBe(declared(res.json()));
  });
});
