import type { ReactNode } from 'react';
import { Button } from '@mantine/core';
import { ErrorBanner } from '../ErrorBanner';
import { FormShell, FormSkeleton } from './FormShell';
import type { RecordSave } from './useRecordSave';

/**
 * The frame of a record's form screen: "New Customer" or "Edit Customer", back to the list, the
 * save's success and the banner; inside, a skeleton while the record loads, a way back when it does
 * not exist, else the form.
 */
export function RecordFormFrame({
  save,
  record,
  plural,
  description,
  message,
  loading,
  missing,
  form,
}: {
  save: Pick<RecordSave, 'list' | 'creating' | 'success' | 'clearError' | 'toList'>;
  /** 'Customer' */
  record: string;
  /** 'Customers' */
  plural: string;
  description: ReactNode;
  /** The banner's text: the save's error, or why the record cannot be shown. */
  message: string | null;
  loading: boolean;
  missing: boolean;
  /** The form, rendered once the record (and what the form needs) has loaded. */
  form: () => ReactNode;
}) {
  return (
    <FormShell
      backTo={save.list}
      backLabel={`Back to ${plural}`}
      title={save.creating ? `New ${record}` : `Edit ${record}`}
      description={description}
      success={save.success}
      banner={<ErrorBanner message={message} onClose={save.clearError} />}
    >
      {loading ? (
        <FormSkeleton label={`Loading ${record.toLowerCase()}`} />
      ) : missing ? (
        <Button variant="default" onClick={save.toList}>
          {`Back to ${plural}`}
        </Button>
      ) : (
        form()
      )}
    </FormShell>
  );
}

/**
 * The frame's `missing` and `message` for a record read by id (`row`: undefined while it loads,
 * null when this device does not hold it): "Customer not found", else the save's error.
 */
export function missingRecord(
  save: Pick<RecordSave, 'creating' | 'success' | 'error'>,
  row: unknown,
  record: string,
): { missing: boolean; message: string | null } {
  const missing = !save.creating && row === null && !save.success;
  return { missing, message: missing ? `${record} not found` : save.error };
}
