/** What a document number shows before the server has assigned it (DESIGN §3). */
export const PENDING_NUMBER = 'Pending';

export function displayNumber(number: string | null | undefined): string {
  return number || PENDING_NUMBER;
}
