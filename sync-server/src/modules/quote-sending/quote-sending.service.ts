/**
 * Sending a quote and mailing it: the quote's state change (quotes.service `sendQuote`), its PDF
 * (pdf.service) and the e-mail carrying both. Its own piece, so the quote rules and the PDF
 * rendering never import each other.
 */
import { QUOTE_MESSAGES, type Quote } from '@smb/shared-types';
import { AppError } from '../../errors';
import type { MailMessage } from '../../mail/mailer';
import { quoteDocument, withPdfAttachment, type PdfFile } from '../pdf/pdf.service';
import { sendQuote } from '../quotes/quotes.service';
import type { TenantScope } from '../tenant-scope';

interface SendOptions {
  appOrigin: string;
  validUntil?: string;
}

/**
 * Mutator `quote.send`: the quote is sent and its PDF's data read in the caller's transaction;
 * `mail()` renders the PDF and builds the message, for delivery after the commit.
 */
export async function sendQuoteWithPdf(
  scope: TenantScope,
  id: string,
  options: SendOptions,
): Promise<{ quote: Quote; mail: () => Promise<MailMessage> }> {
  const { quote, mail } = await sendQuote(scope, id, options);
  const pdf: PdfFile = await quoteDocument(scope, quote.id);
  return { quote, mail: () => withPdfAttachment(mail, pdf) };
}

/** POST /api/quotes/{id}/send: sendQuote, then the e-mail with the PDF once the change is committed. */
export async function sendQuoteAndMail(
  scope: TenantScope,
  id: string,
  deps: SendOptions & { mailer: { send(m: MailMessage): Promise<void> } },
): Promise<Quote> {
  const { quote, mail } = await sendQuoteWithPdf(scope, id, deps);
  const withPdf = await mail();
  try {
    await deps.mailer.send(withPdf);
  } catch {
    throw new AppError('unavailable', QUOTE_MESSAGES.mailFailed);
  }
  return quote;
}
