import type { MailMessage } from '../../mail/mailer';
import { renderDocumentPdf } from './pdf-renderer';
import type { PdfFile } from './pdf.service';

/** The message with the document's PDF attached (SMTP and the dev mailbox's .eml alike). */
export async function withPdfAttachment(mail: MailMessage, file: PdfFile): Promise<MailMessage> {
  const content = await renderDocumentPdf(file.model);
  return {
    ...mail,
    attachments: [
      ...(mail.attachments ?? []),
      { filename: file.fileName, content, contentType: 'application/pdf' },
    ],
  };
}
