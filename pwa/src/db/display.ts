/** What a document number shows before the server has assigned it (only the server numbers documents). */
export const PENDING_NUMBER = 'Pending';

export function displayNumber(number: string | null | undefined): string {
  return number || PENDING_NUMBER;
}
