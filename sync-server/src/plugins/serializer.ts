import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type Schema = Record<string, unknown>;
type BuildSerializer = NonNullable<
  NonNullable<
    NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
  >['buildSerializer']
>;

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `{ type: 'null' }` and nothing else. */
const isNull = (schema: unknown) =>
  isSchema(schema) && schema.type === 'null' && Object.keys(schema).length === 1;

/**
 * `anyOf: [X, { type: 'null' }]` (TypeBox's `OrNull`, our responses' every optional field) →
 * X with `nullable: true`, for serializing only (the route's schema, and so the OpenAPI document
 * and validation, keep the `anyOf`). fast-json-stringify writes an `anyOf` by running Ajv on the
 * value against each branch until one matches — for the 100-quote list, some 1,600 validations
 * per response, half the serializer's time — while `nullable` is one `=== null`. The output is the
 * same for every value the schema allows. X is left alone when it has no `type` of its own, is
 * itself a combination or a reference, or is a `const` (written without looking at the value).
 */
export function nullableForSerializing(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(nullableForSerializing);
  if (!isSchema(schema)) return schema;
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) out[key] = nullableForSerializing(value);
  const branches = out.anyOf;
  if (!Array.isArray(branches) || branches.length !== 2 || Object.keys(out).length !== 1)
    return out;
  const nullAt = branches.findIndex(isNull);
  const other: unknown = branches[1 - nullAt];
  if (
    nullAt === -1 ||
    !isSchema(other) ||
    typeof other.type !== 'string' ||
    other.type === 'null' ||
    ['anyOf', 'oneOf', 'allOf', '$ref', 'const', 'if', 'nullable'].some((k) => k in other)
  )
    return out;
  return { ...other, nullable: true };
}

/** Fastify's own serializer compiler (fast-json-stringify), given the `nullable` form of each response schema. */
export const buildSerializer: BuildSerializer = (externalSchemas, serializerOpts) => {
  const compile = SerializerSelector()(externalSchemas, serializerOpts);
  return (route) => compile({ ...route, schema: nullableForSerializing(route.schema) as Schema });
};
