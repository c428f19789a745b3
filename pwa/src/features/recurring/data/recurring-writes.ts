import { RECURRING_MESSAGES } from '@smb/shared-types/recurring';
import { requireDatabase } from '../../../db/current';
import type { SmbDatabase } from '../../../db/database';
import { refuseProblem } from '../../../db/errors';
import { newId } from '../../../db/meta';
import {
  checkDocument,
  currencyCodeFor,
  itemArgs,
  type DocumentInput,
} from '../../../sync/documents-input';
import { mutate } from '../../../sync/mutate';
import { queueUpdate } from '../../../sync/update-args';
import {
  scheduleDraftProblems,
  scheduleInput,
  scheduleRowFields,
  type ScheduleDraft,
} from './schedule-draft';

/** The document's and the schedule's first problem, as the server would answer it. */
function check(input: DocumentInput, schedule: ScheduleDraft): void {
  checkDocument(input);
  refuseProblem(Object.values(scheduleDraftProblems(schedule))[0]);
}

/** A new profile, offline too: answers its id. */
export async function createProfile(
  input: DocumentInput,
  schedule: ScheduleDraft,
  db: SmbDatabase = requireDatabase(),
): Promise<string> {
  check(input, schedule);
  const id = newId();
  const { startDate, frequency, anchorDay, end } = scheduleInput(schedule);
  await db.transaction('rw', db.allTables, async () => {
    await mutate(db, 'recurringProfile.create', {
      id,
      customerId: input.customerId ?? '',
      contactId: input.contactId ?? '',
      currencyCode: await currencyCodeFor(db, input.currencyCode),
      notes: input.notes ?? '',
      items: itemArgs(input.items ?? []),
      pricesIncludeTax: input.pricesIncludeTax ?? false,
      startDate,
      frequency,
      anchorDay,
      end: end ?? { kind: 'never' },
      mode: schedule.mode,
    });
  });
  return id;
}

/** The changed fields of a profile; they apply from the next invoice on. */
export async function updateProfile(
  id: string,
  input: DocumentInput,
  schedule: ScheduleDraft,
  db: SmbDatabase = requireDatabase(),
): Promise<void> {
  check(input, schedule);
  await queueUpdate(
    db,
    'recurringProfile.update',
    'recurring_profiles',
    id,
    {
      customerId: input.customerId ?? undefined,
      contactId: input.contactId ?? undefined,
      currencyCode: input.currencyCode ?? undefined,
      notes: input.notes ?? undefined,
      items: input.items ? itemArgs(input.items) : undefined,
      pricesIncludeTax: input.pricesIncludeTax,
      ...scheduleRowFields(schedule),
    },
    RECURRING_MESSAGES.notFound,
  );
}
