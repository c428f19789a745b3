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
export const htmlPage = (body: string) =>
  `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937">
${body}
</body></html>`;

/** A subject made of user data stays one header line. */
export const oneLine = (subject: string) => subject.replace(/[\r\n]+/g, ' ');

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
