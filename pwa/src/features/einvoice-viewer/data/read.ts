/**
 * Opens a file the user picked: read entirely on this device by the shared reader (nothing is
 * uploaded or stored), with the reader's own words when it is not an e-invoice.
 */
import {
  EINVOICE_FILE_MAX_BYTES,
  EINVOICE_FILE_MESSAGES,
  EInvoiceReadError,
  readEInvoiceFile,
  type ReceivedEInvoice,
} from '@smb/shared-types/einvoice/read-file';

export const EINVOICE_OPEN_FAILED = 'This file could not be read. Please try another file.';

export type OpenResult =
  | { ok: true; received: ReceivedEInvoice; fileName: string }
  | { ok: false; error: string; fileName: string };

export async function openEInvoiceFile(file: File): Promise<OpenResult> {
  // Checked before reading, so a huge file never lands in memory.
  if (file.size > EINVOICE_FILE_MAX_BYTES) {
    return { ok: false, error: EINVOICE_FILE_MESSAGES.tooLarge, fileName: file.name };
  }
  try {
    const bytes = new Uint8Array(await file.arrayBuffer());
    return { ok: true, received: await readEInvoiceFile(bytes), fileName: file.name };
  } catch (error) {
    const message = error instanceof EInvoiceReadError ? error.message : EINVOICE_OPEN_FAILED;
    return { ok: false, error: message, fileName: file.name };
  }
}
