/**
 * How an e-invoice leaves. Two paths ship: the download (GET …/e-invoice, the file to
 * the user, who passes it on) and the e-mail (the invoice mail carries the customer's format).
 * Delivery over the Peppol network goes through an access-point provider; it plugs in as another
 * `EInvoiceTransmitter` (see docs/e-invoicing.md). None is built: there is no network call here.
 */
import type { FastifyReply } from 'fastify';
import type { MailMessage } from '../../mail/mailer';

export interface EInvoiceFile {
  fileName: string;
  contentType: string;
  content: Buffer;
}

/** Where an e-invoice goes: the receiver's e-mail, their Peppol participant id, or the caller. */
export interface EInvoiceRecipient {
  email?: string;
  /** Peppol participant: ISO 6523 scheme (0208 Belgium, 0225 France, 9930 Germany VAT) and id. */
  electronicAddress?: { scheme: string; id: string };
}

export interface EInvoiceTransmission {
  channel: 'download' | 'email' | 'peppol';
  /** The provider's id of the transmission, when it gives one (Peppol). */
  reference?: string;
}

/** One way of sending an e-invoice file. */
export interface EInvoiceTransmitter<Context> {
  readonly channel: EInvoiceTransmission['channel'];
  transmit(
    files: EInvoiceFile[],
    recipient: EInvoiceRecipient,
    context: Context,
  ): Promise<EInvoiceTransmission>;
}

/** The download path: the file is the HTTP answer, for the user's browser to save. */
export const downloadTransmitter: EInvoiceTransmitter<FastifyReply> = {
  channel: 'download',
  async transmit(files, _recipient, reply) {
    const [file] = files;
    if (!file) throw new Error('Nothing to download');
    const type = file.contentType.endsWith('xml')
      ? `${file.contentType}; charset=utf-8`
      : file.contentType;
    await reply
      .header('Content-Type', type)
      .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
      .header('Cache-Control', 'private, no-store')
      .send(file.content);
    return { channel: 'download' };
  },
};

/** The e-mail path: the files ride on the invoice mail, sent by the app's mailer (SMTP). */
export const mailTransmitter = {
  channel: 'email' as const,
  /** The message with the files attached (made when the mail is built, after the commit). */
  async attach(message: MailMessage, files: () => Promise<EInvoiceFile[]>): Promise<MailMessage> {
    const attachments = (await files()).map((f) => ({
      filename: f.fileName,
      content: f.content,
      contentType: f.contentType,
    }));
    return { ...message, attachments: [...(message.attachments ?? []), ...attachments] };
  },
  /** As an `EInvoiceTransmitter`: mails the files with a message to the recipient. */
  transmitter(mailer: {
    send(m: MailMessage): Promise<void>;
  }): EInvoiceTransmitter<Omit<MailMessage, 'to' | 'attachments'>> {
    return {
      channel: 'email',
      async transmit(files, recipient, message) {
        if (!recipient.email) throw new Error('The recipient has no e-mail address');
        await mailer.send(
          await mailTransmitter.attach({ ...message, to: recipient.email }, async () => files),
        );
        return { channel: 'email' };
      },
    };
  },
};
