import {
  QUOTE_VALIDITY_MESSAGES,
  formatMoney,
  overdueLabel,
  type Invoice,
  type InvoiceReminder,
  type Quote,
} from '@smb/shared-types';
import type { MailMessage } from './mailer';

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Every mail's HTML: the body's paragraphs in the one page style. */
const htmlPage = (body: string) =>
  `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937">
${body}
</body></html>`;

/** A subject made of user data stays one header line. */
const oneLine = (subject: string) => subject.replace(/[\r\n]+/g, ' ');

interface CodeMail {
  to: string;
  subject: string;
  intro: string;
  code: string;
  linkLabel: string;
  link: string;
  validFor: string;
}

/** A mail carrying a one-time code and a link to the screen where it is entered. */
function codeMail(m: CodeMail): MailMessage {
  const text = [
    m.intro,
    '',
    `Your code: ${m.code}`,
    `It is valid for ${m.validFor}.`,
    '',
    `${m.linkLabel}: ${m.link}`,
    '',
    'If you did not ask for this, you can ignore this e-mail.',
  ].join('\n');
  const html = htmlPage(`<p>${escapeHtml(m.intro)}</p>
<p style="font-size:28px;font-weight:700;letter-spacing:4px">${escapeHtml(m.code)}</p>
<p>It is valid for ${escapeHtml(m.validFor)}.</p>
<p><a href="${escapeHtml(m.link)}">${escapeHtml(m.linkLabel)}</a></p>
<p style="color:#6b7280">If you did not ask for this, you can ignore this e-mail.</p>`);
  return { to: m.to, subject: m.subject, text, html };
}

export function verificationMail(appOrigin: string, to: string, code: string): MailMessage {
  return codeMail({
    to,
    subject: 'Verify your e-mail address',
    intro: 'Welcome! Enter this code to verify your e-mail address.',
    code,
    linkLabel: 'Verify your e-mail',
    link: `${appOrigin}/verify-email`,
    validFor: '10 minutes',
  });
}

export function resetMail(appOrigin: string, to: string, code: string): MailMessage {
  return codeMail({
    to,
    subject: 'Reset your password',
    intro: 'We received a request to reset your password. Enter this code to choose a new one.',
    code,
    linkLabel: 'Reset your password',
    link: `${appOrigin}/forgot-password`,
    validFor: '10 minutes',
  });
}

export function invitationMail(
  appOrigin: string,
  to: string,
  code: string,
  company: string,
): MailMessage {
  return codeMail({
    to,
    subject: `You have been invited to ${company}`,
    intro: `You have been invited to join ${company}. Enter this code and choose a password to accept.`,
    code,
    linkLabel: 'Accept the invitation',
    link: `${appOrigin}/verify-invitation?email=${encodeURIComponent(to)}`,
    validFor: '24 hours',
  });
}

/** A plain notice (no code): a few paragraphs and one link. */
function noticeMail(
  to: string,
  subject: string,
  paragraphs: string[],
  link: { label: string; href: string },
): MailMessage {
  const text = [...paragraphs.flatMap((p) => [p, '']), `${link.label}: ${link.href}`].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937">
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>
</body></html>`;
  return { to, subject, text, html };
}

/** To the owner of an account whose address was locked after too many failed logins. */
export function accountLockedMail(
  appOrigin: string,
  to: string,
  failures: number,
  minutes: number,
): MailMessage {
  return noticeMail(
    to,
    'Your account was locked after failed login attempts',
    [
      `Someone entered a wrong password for your account ${failures} times, so logging in with it is blocked for the next ${minutes} minutes.`,
      'If this was you, wait and try again, or choose a new password now. If it was not you, your password has not been shared: choosing a new one is still a good idea.',
    ],
    { label: 'Reset your password', href: `${appOrigin}/forgot-password` },
  );
}

/** To the owner of an address someone tried to register again (the registration answers as usual). */
export function registrationAttemptMail(appOrigin: string, to: string): MailMessage {
  return noticeMail(
    to,
    'Someone tried to register with your address',
    [
      'Someone tried to create a new SMB Finance account with your e-mail address, which already has an account. Nothing was changed and no new account was created.',
      'If this was you, log in with your existing account, or reset your password if you no longer know it. If it was not you, you can ignore this e-mail.',
    ],
    { label: 'Log in', href: `${appOrigin}/login` },
  );
}

/** The quote's e-mail to its contact: the total, the valid-until day, the public link. */
export function quoteMail(
  quote: Quote,
  to: { name: string; email: string },
  link: string,
  symbol: string | null,
): MailMessage {
  const company = quote.tenantName;
  const total = formatMoney(String(quote.total), quote.currencyCode, symbol);
  const validity = quote.validUntil ? QUOTE_VALIDITY_MESSAGES.validUntil(quote.validUntil) : null;
  const text = [
    `Hello ${to.name},`,
    '',
    `${company} has sent you quote ${quote.quoteNumber} for ${total}.`,
    ...(validity ? [validity] : []),
    'View it, and accept or reject it, here:',
    link,
    '',
    'This link allows anyone to view the quote without logging in.',
  ].join('\n');
  const html = htmlPage(`<p>Hello ${escapeHtml(to.name)},</p>
<p>${escapeHtml(company)} has sent you quote <strong>${escapeHtml(quote.quoteNumber)}</strong> for ${escapeHtml(total)}.</p>
${validity ? `<p>${escapeHtml(validity)}</p>\n` : ''}<p><a href="${escapeHtml(link)}">View the quote</a></p>
<p style="color:#6b7280">This link allows anyone to view the quote without logging in.</p>`);
  const subject = oneLine(`Quote ${quote.quoteNumber} from ${company}`);
  return { to: to.email, subject, text, html };
}

/** The reminder e-mail: the amount due, the due date, the days overdue; the PDF is attached. */
export function reminderMail(
  invoice: Invoice,
  reminder: InvoiceReminder,
  company: string,
  symbol: string | null,
  day: string,
): MailMessage {
  const due = formatMoney(String(invoice.balance), invoice.currencyCode, symbol);
  const name = invoice.contact?.name || invoice.customer.name;
  const late = Math.max(
    0,
    Math.round(
      (Date.parse(`${day}T00:00:00Z`) - Date.parse(`${invoice.dueDate}T00:00:00Z`)) / 86_400_000,
    ),
  );
  const lines = [
    `Hello ${name},`,
    '',
    `This is a reminder that invoice ${invoice.invoiceNumber} from ${company} was due on ${invoice.dueDate} (${overdueLabel(late)}).`,
    `Amount due: ${due}`,
    '',
    'The invoice is attached. If you have already paid, thank you, and please ignore this message.',
  ];
  const html = htmlPage(`<p>Hello ${escapeHtml(name)},</p>
<p>This is a reminder that invoice <strong>${escapeHtml(invoice.invoiceNumber)}</strong> from ${escapeHtml(company)} was due on ${escapeHtml(invoice.dueDate)} (${escapeHtml(overdueLabel(late))}).</p>
<p>Amount due: <strong>${escapeHtml(due)}</strong></p>
<p style="color:#6b7280">The invoice is attached. If you have already paid, thank you, and please ignore this message.</p>`);
  const subject = oneLine(
    `Reminder ${reminder.number}: invoice ${invoice.invoiceNumber} from ${company} is overdue`,
  );
  return { to: reminder.sentTo, subject, text: lines.join('\n'), html };
}
