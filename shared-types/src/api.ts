import Decimal from 'decimal.js';
import { Type, type Static, type TSchema } from 'typebox';

/** Building blocks shared by every tenant-data call: ids, nullable fields, list queries, amounts. */

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}

export const Uuid = Type.String({ format: 'uuid' });

/** A value that may also be `null` (OpenAPI 3.0 `nullable`, which Fastify's Ajv understands). */
export const Nullable = <T extends TSchema>(schema: T) =>
  Type.Unsafe<Static<T> | null>({ ...schema, nullable: true });

/** An optional free-text field: absent → unchanged, `null` or blank → cleared. */
export const OptionalText = (maxLength: number) =>
  Type.Optional(Nullable(Type.String({ maxLength })));

/** A record id in a path. Not checked as a UUID by the schema: a malformed id is answered 404 like an unknown one. */
export const PathId = Type.String({ maxLength: 100, description: 'UUID' });
export const IdParams = Type.Object({ id: PathId });
export type IdParams = Static<typeof IdParams>;

/** Optional client-made id for creation (offline clients need it). */
export const ClientId = Type.Optional(
  Type.String({ format: 'uuid', description: 'Client-made id; 409 if it exists' }),
);

/** Every list call: a JSON array, the total in `X-Total-Count`. Without `limit` every row is returned. */
export const ListQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000_000 })),
  q: Type.Optional(Type.String({ maxLength: 200, description: 'Case-insensitive search' })),
});
export type ListQuery = Static<typeof ListQuery>;

/** Trimmed text, or null when blank or absent. */
export function textOrNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** Digits after the decimal point of a JS number as written (12.5 → 1, 0.125 → 3). */
export function decimalPlaces(value: number): number {
  return new Decimal(value).decimalPlaces();
}

/** The first problem of an amount, or null: not a finite number, below `min`, above `max`, too many decimals. */
export function amountError(
  label: string,
  value: number,
  rule: { places: number; min: number; max: number; minMessage?: string; maxMessage?: string },
): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return `${label} must be a number`;
  if (value < rule.min) return rule.minMessage ?? `${label} must be ${rule.min} or more`;
  if (value > rule.max) return rule.maxMessage ?? `${label} must be at most ${rule.max}`;
  if (decimalPlaces(value) > rule.places)
    return `${label} can have at most ${rule.places} decimal place${rule.places === 1 ? '' : 's'}`;
  return null;
}

/** Largest amount a `numeric(14, 2)` column holds. */
export const MAX_MONEY = 999_999_999_999.99;

/**
 * The schema keyword carrying the message the API answers when a value breaks its schema (the
 * spec's wording, the same the services give): one text, or one per failing keyword
 * (`{ required, minimum, maximum, default }`). The server's validator knows the keyword; the
 * OpenAPI document shows it as a vendor extension.
 */
export const SCHEMA_MESSAGE = 'x-message';
export type SchemaMessage = string | Partial<Record<string, string>>;

/** Text that must contain something other than white space, with the message when it is missing or blank. */
export const RequiredText = (maxLength: number, message: string, options: object = {}) =>
  Type.String({
    maxLength,
    pattern: '\\S',
    ...options,
    [SCHEMA_MESSAGE]: { required: message, pattern: message, type: message },
  });
