import { Type, type Static } from 'typebox';
import type { MutationName } from './sync-names';

/**
 * Versions of the sync protocol (push/pull bodies and mutation arguments).
 *
 * Every push and pull carries the client's `protocolVersion`; a request without one is version 1
 * (clients built before the field existed). The server accepts MIN_PROTOCOL_VERSION through
 * MAX_PROTOCOL_VERSION: a client below answers 409 `clientTooOld` (it must update; its outbox is
 * kept and replayed after the update), a client above answers 409 `clientTooNew` (the server was
 * rolled back; the client waits and keeps its outbox). Nothing of such a push is applied.
 *
 * | Version | Change                                                                                   |
 * | ------- | ---------------------------------------------------------------------------------------- |
 * | 1       | The first protocol. `customer.create`/`customer.update` args may spell each field either |
 * |         | by its spec name or by the form's alias (`companyName`, `companyEmail`,                  |
 * |         | `companyPhoneNumber`, `companyAddress`, `companyAddress2`).                              |
 * | 2       | `customer.create`/`customer.update` args take the spec names only (`name`, `email`,      |
 * |         | `phoneNumber`, `address`, `address2`); an alias is dropped as an unknown field. Version 1 |
 * |         | args are upcast (`upcastCustomerV1`): an alias becomes its spec name, which wins when     |
 * |         | both were sent — the rule of the REST API, which keeps accepting both spellings.         |
 *
 * The PWA records on each outbox entry the version its args were written in; entries an older
 * build queued (an update with changes waiting) are raised with these same upcasters before the
 * push, which is sent at the app's current version (pwa/src/sync/push.ts `toMutation`).
 *
 * Which versions each mutation accepts: every mutation accepts every supported version (1–2).
 * Those whose arguments changed are listed in `MUTATION_UPCASTS` with the versions whose shape is
 * upcast before validation; all others have had the same shape since version 1.
 *
 * Policy: a shape change adds a version and an upcaster from the previous one; the minimum is
 * raised only after every client had time to update (at least one release later), because a
 * client below the minimum cannot send what it queued until it has updated.
 */
export const PROTOCOL_VERSION = 2;
export const MIN_PROTOCOL_VERSION = 1;
export const MAX_PROTOCOL_VERSION = 2;
/** The version of a push or pull that names none. */
export const UNVERSIONED_PROTOCOL = 1;

/** A mutation's args as they arrive: raised one version at a time. */
export type Upcaster = (args: Record<string, unknown>) => Record<string, unknown>;

/** The form's aliases of version 1, mapped to the spec's names. */
const CUSTOMER_V1_NAMES = {
  companyName: 'name',
  companyEmail: 'email',
  companyPhoneNumber: 'phoneNumber',
  companyAddress: 'address',
  companyAddress2: 'address2',
} as const;

/** The fields of customer args that only version 1 accepts. */
export const CUSTOMER_V1_ALIASES = Object.keys(CUSTOMER_V1_NAMES) as Array<
  keyof typeof CUSTOMER_V1_NAMES
>;

/** Version 1 → 2 of customer fields: each alias becomes its spec name; the spec name wins. */
export function upcastCustomerFieldsV1(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...fields };
  for (const [alias, name] of Object.entries(CUSTOMER_V1_NAMES)) {
    if (!(alias in out)) continue;
    if (out[name] === undefined) out[name] = out[alias];
    delete out[alias];
  }
  return out;
}

/** `customer.update` v1 → v2: the same mapping inside `changes` and `base`. */
function upcastCustomerUpdateV1(args: Record<string, unknown>): Record<string, unknown> {
  const part = (value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? upcastCustomerFieldsV1(value as Record<string, unknown>)
      : value;
  return { ...args, changes: part(args.changes), base: part(args.base) };
}

/**
 * The explicit upcasters: per mutation, per version FROM which its args are raised to the next.
 * A mutation not named here has the same shape in every supported version.
 */
export const MUTATION_UPCASTS: Partial<Record<MutationName, Partial<Record<number, Upcaster>>>> = {
  'customer.create': { 1: upcastCustomerFieldsV1 },
  'customer.update': { 1: upcastCustomerUpdateV1 },
};

/** Raises `args` of `name` sent at `version` to the current protocol's shape. */
export function upcastMutation(
  name: MutationName,
  args: Record<string, unknown>,
  version: number,
): Record<string, unknown> {
  let out = args;
  for (let v = version; v < PROTOCOL_VERSION; v++) {
    const step = MUTATION_UPCASTS[name]?.[v];
    if (step) out = step(out);
  }
  return out;
}

export const PROTOCOL_ERROR_CODES = ['clientTooOld', 'clientTooNew'] as const;
export type ProtocolErrorCode = (typeof PROTOCOL_ERROR_CODES)[number];

export const PROTOCOL_MESSAGES = {
  clientTooOld:
    'This version of the app is too old to sync with the server. Update the app; your changes are kept on this device.',
  clientTooNew:
    'The server does not support this version of the app yet. Your changes are kept on this device and sync once it does.',
} as const satisfies Record<ProtocolErrorCode, string>;

/** The protocol versions a server accepts, stated in every push and pull answer. */
export const ProtocolRange = Type.Object(
  { min: Type.Integer(), max: Type.Integer() },
  { description: 'The sync protocol versions this server accepts' },
);
export type ProtocolRange = Static<typeof ProtocolRange>;
export const SUPPORTED_PROTOCOL: ProtocolRange = {
  min: MIN_PROTOCOL_VERSION,
  max: MAX_PROTOCOL_VERSION,
};

/** Client version an optional field of push and pull bodies. */
export const ProtocolVersionField = Type.Optional(
  Type.Integer({
    minimum: 0,
    description: `The client's sync protocol version; absent means ${UNVERSIONED_PROTOCOL}. Current: ${PROTOCOL_VERSION}.`,
  }),
);

/** 409 of a push or pull whose protocol version the server does not accept; nothing applied. */
export const ProtocolMismatchBody = Type.Object(
  {
    statusCode: Type.Literal(409),
    error: Type.String(),
    message: Type.String(),
    code: Type.Unsafe<ProtocolErrorCode>({ type: 'string', enum: [...PROTOCOL_ERROR_CODES] }),
    protocol: ProtocolRange,
  },
  {
    description:
      'The protocol version is outside the range this server accepts: `clientTooOld` (update the app) or `clientTooNew` (the server is older; wait). Nothing was applied.',
  },
);
export type ProtocolMismatchBody = Static<typeof ProtocolMismatchBody>;

/** The 409 answer for `version`, or null when the server accepts it. */
export function protocolMismatch(version: number): ProtocolMismatchBody | null {
  const code: ProtocolErrorCode | null =
    version < MIN_PROTOCOL_VERSION
      ? 'clientTooOld'
      : version > MAX_PROTOCOL_VERSION
        ? 'clientTooNew'
        : null;
  if (!code) return null;
  return {
    statusCode: 409,
    error: 'Conflict',
    message: PROTOCOL_MESSAGES[code],
    code,
    protocol: SUPPORTED_PROTOCOL,
  };
}
