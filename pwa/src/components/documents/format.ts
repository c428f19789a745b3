import { formatDate } from '../../lib/formats';

/** The creation date in the tenant's format ('' when none). */
export function localDate(iso: string | null | undefined): string {
  return formatDate(iso);
}

/** The message of a thrown error, or null. */
export function errorMessage(error: unknown): string | null {
  if (error instanceof Error && error.message) return error.message;
  return null;
}
