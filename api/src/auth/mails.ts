import type { MailMessage } from '@campus/shared/server/mail/mailer';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function mailWithLink(to: string, subject: string, lines: string[], label: string, url: string) {
  const message: MailMessage = {
    to,
    subject,
    text: `${lines.join('\n\n')}\n\n${label}: ${url}\n`,
    html: `${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}<p><a href="${escapeHtml(url)}">${escapeHtml(label)}</a></p>`,
  };
  return message;
}

/** The e-mail that confirms a new account's address. */
export function verificationMail(to: string, url: string): MailMessage {
  return mailWithLink(
    to,
    'Verify your CampusBucket e-mail address',
    [
      'Welcome to CampusBucket!',
      'Please confirm that this is your e-mail address. The link is valid for 24 hours.',
      'If you did not create an account, you can ignore this message.',
    ],
    'Verify my e-mail address',
    url,
  );
}

/** The e-mail with a link to choose a new password. */
export function passwordResetMail(to: string, url: string): MailMessage {
  return mailWithLink(
    to,
    'Reset your CampusBucket password',
    [
      'Someone asked to reset the password of your CampusBucket account.',
      'Open the link below to choose a new password. It is valid for one hour.',
      'If it was not you, you can ignore this message: your password stays as it is.',
    ],
    'Choose a new password',
    url,
  );
}
