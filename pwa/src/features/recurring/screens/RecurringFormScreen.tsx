import { useState } from 'react';
import { taxRateFor } from '@smb/shared-types/money';
import { useParams } from 'react-router-dom';
import { PageLoader } from '../../../components/PageLoader';
import { CurrencyCard } from '../../../components/documents/CurrencyCard';
import {
  DocumentEditor,
  DocumentNotFound,
  type EditedDocument,
} from '../../../components/documents/DocumentEditor';
import { ValidationError } from '../../../db/errors';
import type { RecurringProfileRow } from '../../../db/types';
import type { DocumentInput } from '../../../sync/documents-input';
import { ScheduleCard } from '../components/ScheduleCard';
import { useRecurringProfile } from '../data/recurring';
import { createProfile, updateProfile } from '../data/recurring-writes';
import {
  NEW_SCHEDULE,
  scheduleDraftOf,
  scheduleDraftProblems,
  type ScheduleDraft,
} from '../data/schedule-draft';

export const RECURRING_NO_ADJUSTMENTS =
  'A recurring invoice has no discounts or charges on the whole document: give its lines a discount instead.';

const LIST = {
  noun: 'Recurring Invoice',
  listName: 'Recurring',
  listPath: '/dashboard/recurring',
} as const;

/** /dashboard/recurring/new and /dashboard/recurring/{id}/edit. */
export default function RecurringFormScreen() {
  const { id } = useParams();
  const item = useRecurringProfile(id);
  if (id && item === undefined) return <PageLoader />;
  if (id && !item) return <DocumentNotFound {...LIST} />;
  return <RecurringForm key={id ?? 'new'} profile={item?.profile ?? null} />;
}

/**
 * The document editor of quotes and orders (customer, contact, lines with their tax and
 * discounts, notes) with the schedule as its details card. The profile's lines are a document's
 * lines; it has no allowances or charges of its own. Its currency is chosen on the currency card
 * (the company's default for a new one).
 */
function RecurringForm({ profile }: { profile: RecurringProfileRow | null }) {
  const [schedule, setSchedule] = useState<ScheduleDraft>(() =>
    profile ? scheduleDraftOf(profile) : NEW_SCHEDULE,
  );
  const [tried, setTried] = useState(false);
  const problems = tried ? scheduleDraftProblems(schedule) : {};
  const document = profile
    ? ({
        ...profile,
        items: profile.items.filter((l) => !l.oneOff),
        adjustments: [],
      } as unknown as EditedDocument)
    : null;
  const saved =
    (write: (input: DocumentInput) => Promise<unknown>) => async (input: DocumentInput) => {
      setTried(true);
      // A profile's invoices take their lines' own discounts; none on the whole document.
      if (input.adjustments && input.adjustments.length > 0)
        throw new ValidationError(RECURRING_NO_ADJUSTMENTS);
      return write({ ...input, adjustments: [] });
    };
  return (
    <DocumentEditor
      {...LIST}
      document={document}
      guardKey="recurring-form"
      title={profile ? 'Edit Recurring Invoice' : 'New Recurring Invoice'}
      readOnly={false}
      details={() => (
        <ScheduleCard
          value={schedule}
          problems={problems}
          onChange={(changes) => setSchedule((s) => ({ ...s, ...changes }))}
        />
      )}
      recipientButtonLabel="Select Recipient"
      emptyItemsText="No lines on this recurring invoice yet."
      summaryTitle="Each Invoice"
      currency={{ card: CurrencyCard }}
      taxRate={taxRateFor}
      saveFailed="An error occurred while saving the recurring invoice"
      documentLevel={false}
      create={
        saved((input) => createProfile(input, schedule)) as (i: DocumentInput) => Promise<string>
      }
      update={(id, input) => saved((i) => updateProfile(id, i, schedule))(input)}
    />
  );
}
