/**
 * The mails a company's customers receive — the quote, its documents, payment reminders — in the
 * customer's document language, sent under the company's name with its address as
 * Reply-To: a reply reaches the company, while the sending address stays MAIL_FROM.
 */
import {
  documentAmount,
  documentDay,
  documentText,
  formatDay,
  labelled,
  overdueText,
  type DocumentLanguage,
  type DocumentTextKey,
  type Invoice,
  type InvoiceReminder,
  type Quote,
} from '@smb/shared-types';
import { taxExclusiveAmount } from '@smb/shared-types/document-lines';
import { taxRowLabel } from '@smb/shared-types/documents/format';
import type { TenantRow } from '../db/app-tables';
import type { MailMessage } from './mailer';
import { escapeHtml, htmlPage, oneLine } from './templates';

export type Sender = Pick<MailMessage, 'fromName' | 'replyTo'>;

/** The company as its customers see a mail's sender: its name, and its e-mail (else `fallback`) to reply to. */
export function companySender(
  tenant: Pick<TenantRow, 'natural_name' | 'company_email'>,
  fallbackReplyTo?: string | null,
): Sender {
  const replyTo = tenant.company_email || fallbackReplyTo || undefined;
  return { fromName: tenant.natural_name, ...(replyTo ? { replyTo } : {}) };
}

function wordsOf(language: DocumentLanguage) {
  return (key: DocumentTextKey, values?: Record<string, string | number>) =>
    documentText(language, key, values);
}

/** The quote's e-mail to its contact: the total, the valid-until day, the public link. */
export function quoteMail(
  quote: Quote,
  to: { name: string; email: string },
  link: string,
  symbol: string | null,
  language: DocumentLanguage,
  sender: Sender,
): MailMessage {
  const t = wordsOf(language);
  const company = quote.tenantName;
  const number = quote.quoteNumber;
  const total = documentAmount(language, String(quote.total), quote.currencyCode, symbol);
  const day = (d: string) => (language === 'en' ? formatDay(d) : documentDay(language, d));
  const validity = quote.validUntil
    ? t('quoteMailValidUntil', { date: day(quote.validUntil) })
    : null;
  const intro = t('quoteMailIntro', { company, number, total });
  const text = [
    t('greeting', { name: to.name }),
    '',
    intro,
    ...(validity ? [validity] : []),
    t('quoteMailViewHere'),
    link,
    '',
    t('quoteMailLinkNote'),
  ].join('\n');
  const introHtml = escapeHtml(t('quoteMailIntro', { company, number: '\u0000', total })).replace(
    '\u0000',
    `<strong>${escapeHtml(number)}</strong>`,
  );
  const html = htmlPage(`<p>${escapeHtml(t('greeting', { name: to.name }))}</p>
<p>${introHtml}</p>
${validity ? `<p>${escapeHtml(validity)}</p>\n` : ''}<p><a href="${escapeHtml(link)}">${escapeHtml(t('quoteMailViewLink'))}</a></p>
<p style="color:#6b7280">${escapeHtml(t('quoteMailLinkNote'))}</p>`);
  const subject = oneLine(t('quoteMailSubject', { number, company }));
  return { to: to.email, subject, text, html, ...sender };
}

/**
 * The invoice's stored totals (EN 16931) as a reminder lists them: net, the tax per rate, total,
 * and what was paid — "Total excl. tax: 1.000,00 €", "Tax (19 %) auf 1.000,00 €: 190,00 €".
 */
function invoiceTotalsLines(
  invoice: Invoice,
  language: DocumentLanguage,
  money: (amount: string | number) => string,
): string[] {
  const t = wordsOf(language);
  const line = (label: string, value: string) => labelled(language, label, value);
  const taxes =
    invoice.taxBreakdown.length > 0
      ? invoice.taxBreakdown.map((row) =>
          line(
            `${taxRowLabel(language, row)} ${t('taxOnAmount', { amount: money(row.taxableAmount) })}`,
            money(row.taxAmount),
          ),
        )
      : [
          line(
            taxRowLabel(language, { category: 'S', rate: invoice.taxRate }),
            money(invoice.taxAmount),
          ),
        ];
  return [
    line(t('totalExclTax'), money(taxExclusiveAmount(invoice))),
    ...taxes,
    ...(invoice.roundingAmount !== 0 ? [line(t('rounding'), money(invoice.roundingAmount))] : []),
    line(t('totalInclTax'), money(invoice.total)),
    ...(invoice.amountPaid > 0 ? [line(t('amountPaid'), money(invoice.amountPaid))] : []),
  ];
}

/**
 * The reminder e-mail: the amount due, the due date, the days overdue, the invoice's stored totals
 * (net, tax per rate, total, paid); the PDF is attached.
 */
export function reminderMail(
  invoice: Invoice,
  reminder: InvoiceReminder,
  company: string,
  symbol: string | null,
  day: string,
  language: DocumentLanguage,
  sender: Sender,
): MailMessage {
  const t = wordsOf(language);
  const money = (amount: string | number) =>
    documentAmount(language, String(amount), invoice.currencyCode, symbol);
  const due = money(invoice.balance);
  const totals = invoiceTotalsLines(invoice, language, money);
  const name = invoice.contact?.name || invoice.customer.name;
  const late = Math.max(
    0,
    Math.round(
      (Date.parse(`${day}T00:00:00Z`) - Date.parse(`${invoice.dueDate}T00:00:00Z`)) / 86_400_000,
    ),
  );
  // English keeps the day as stored (the spec's mails); other languages write it their way.
  const dueDate = language === 'en' ? invoice.dueDate : documentDay(language, invoice.dueDate);
  const intro = (number: string) =>
    t('reminderMailIntro', { number, company, dueDate, overdue: overdueText(language, late) });
  const lines = [
    t('greeting', { name }),
    '',
    intro(invoice.invoiceNumber),
    t('reminderAmountDue', { amount: due }),
    '',
    ...totals,
    '',
    t('reminderAttached'),
  ];
  const amountHtml = escapeHtml(t('reminderAmountDue', { amount: '\u0000' })).replace(
    '\u0000',
    `<strong>${escapeHtml(due)}</strong>`,
  );
  const html = htmlPage(`<p>${escapeHtml(t('greeting', { name }))}</p>
<p>${escapeHtml(intro('\u0000')).replace('\u0000', `<strong>${escapeHtml(invoice.invoiceNumber)}</strong>`)}</p>
<p>${amountHtml}</p>
<p>${totals.map(escapeHtml).join('<br>')}</p>
<p style="color:#6b7280">${escapeHtml(t('reminderAttached'))}</p>`);
  const subject = oneLine(
    t('reminderMailSubject', { reminder: reminder.number, number: invoice.invoiceNumber, company }),
  );
  return { to: reminder.sentTo, subject, text: lines.join('\n'), html, ...sender };
}

/** A document's mail as the user wrote it (plain text; the HTML is its escaped paragraphs). */
export function documentMail(
  message: { to: string; subject: string; text: string },
  sender: Sender,
): MailMessage {
  const paragraphs = message.text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  return {
    to: message.to,
    subject: oneLine(message.subject),
    text: message.text,
    html: htmlPage(paragraphs),
    ...sender,
  };
}
