/**
 * The sync mutators of recurring profiles: the same service and action functions as the routes
 * (/api/recurring-profiles). An update merges field by field (a field another device changed
 * meanwhile becomes a conflict); what it changes applies from the next invoice on, and invoices
 * already made never change.
 */
import {
  DocumentItemBody,
  RecurringProfileChanges,
  RecurringProfileCreateBody,
  recurringUpdateBody,
  type MutationName,
  type RecurringProfileUpdateBody,
  type RecurringScheduleFields,
} from '@smb/shared-types';
import { Type } from 'typebox';
import * as actions from '../modules/recurring/recurring-actions';
import * as recurring from '../modules/recurring/recurring.service';
import type { MailMessage } from '../mail/mailer';
import type { TenantScope } from '../modules/tenant-scope';
import type { ApplyRemove, MutatorKit } from './mutator-kit';

/** mutators.ts's mutator, as much of its context as these need (no import back into it). */
type Mutator = (
  scope: TenantScope,
  args: Record<string, unknown>,
  after: Array<() => Promise<void>>,
  ctx: { mailer: { send(message: MailMessage): Promise<void> } },
) => Promise<unknown>;

type RecurringName = Extract<MutationName, `recurringProfile.${string}`>;

const Uuid = Type.String({ format: 'uuid' });
const IdArgs = Type.Object({ id: Uuid });
const SkipArgs = Type.Object({ id: Uuid, skip: Type.Optional(Type.Boolean()) });
const ExtrasArgs = Type.Object({
  id: Uuid,
  extraItems: Type.Array(DocumentItemBody, { maxItems: 200 }),
});

export function recurringMutators<M>(
  kit: MutatorKit<M, 'recurring_profiles'>,
): Record<RecurringName, M | Mutator> {
  const withId =
    (apply: ApplyRemove): Mutator =>
    async (scope, raw) =>
      apply(scope, kit.parse(IdArgs, raw).id);
  return {
    'recurringProfile.create': kit.create(RecurringProfileCreateBody, recurring.createProfile),
    'recurringProfile.update': kit.update(
      'recurring_profiles',
      RecurringProfileChanges,
      (scope, id, changes, current) =>
        recurring.updateProfile(
          scope,
          id,
          recurringUpdateBody(current as unknown as RecurringScheduleFields, changes),
        ),
    ),
    'recurringProfile.delete': kit.remove(recurring.deleteProfile),
    'recurringProfile.pause': withId(actions.pauseProfile),
    'recurringProfile.resume': withId(actions.resumeProfile),
    'recurringProfile.skipNext': async (scope, raw) => {
      const args = kit.parse(SkipArgs, raw);
      await actions.skipNextPeriod(scope, args.id, args.skip ?? true);
    },
    // The invoice's mail (issue-and-mail) goes once the push has committed.
    'recurringProfile.invoiceNow': async (scope, raw, after, ctx) => {
      const { id } = kit.parse(IdArgs, raw);
      await actions.invoiceNow(scope, id, {
        send: async (message) => {
          after.push(async () => ctx.mailer.send(message));
        },
      });
    },
    'recurringProfile.setExtras': async (scope, raw) => {
      const { id, extraItems } = kit.parse(ExtrasArgs, raw);
      const body: RecurringProfileUpdateBody = { extraItems };
      await recurring.updateProfile(scope, id, body);
    },
  };
}
