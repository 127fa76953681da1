// One template per message: a subject, a plain-text body and a simple HTML body rendered from the
// same parameters. Links point at the front-end (APP_URL) with the token in the fragment, which
// browsers never send to a server, so it stays out of access logs and Referer headers.

/** Every message Quire sends, with the parameters each one needs. */
export interface MailParams {
  verify_email: { token: string }
  reset_password: { token: string }
  confirm_email_change: { token: string; new_email: string }
  email_change_requested: { token: string; new_email: string }
  email_changed: { new_email: string }
  password_changed: Record<string, never>
  totp_enabled: Record<string, never>
  totp_disabled: Record<string, never>
  confirm_login: { token: string }
}

export type MailTemplate = keyof MailParams

/** A message ready for a transport. */
export interface RenderedMail {
  subject: string
  text: string
  html: string
}

/** Shown instead of a token where a mail is logged rather than sent. */
export const REDACTED_TOKEN = '[REDACTED]'

interface Content {
  subject: string
  /** Paragraphs of plain text. */
  paragraphs: string[]
  action?: { label: string; url: string }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

// Tokens are base64url, so they need no escaping in a URL.
function tokenLink(appUrl: string, path: string, token: string): string {
  return `${appUrl}${path}#token=${token}`
}

const NOT_YOU = 'If this was not you, change your password now and turn on two-factor sign-in.'

function content(template: MailTemplate, params: Record<string, string>, appUrl: string): Content {
  const token = params['token'] ?? ''
  const newEmail = params['new_email'] ?? ''
  switch (template) {
    case 'verify_email':
      return {
        subject: 'Confirm your email address',
        paragraphs: [
          'Please confirm that this is your email address by opening the link below.',
          'If you did not create an account, ignore this message.',
        ],
        action: { label: 'Confirm my email address', url: tokenLink(appUrl, '/verify-email', token) },
      }
    case 'reset_password':
      return {
        subject: 'Reset your password',
        paragraphs: [
          'Someone asked to reset the password of the account with this email address. Open the link below to choose a new one; it works once and expires soon.',
          'If you did not ask for this, ignore this message: your password stays as it is.',
        ],
        action: { label: 'Choose a new password', url: tokenLink(appUrl, '/reset-password', token) },
      }
    case 'confirm_email_change':
      return {
        subject: 'Confirm your new email address',
        paragraphs: [
          `Please confirm that ${newEmail} is the new email address of your account by opening the link below.`,
          'If you did not ask for this, ignore this message.',
        ],
        action: { label: 'Confirm my new email address', url: tokenLink(appUrl, '/verify-email', token) },
      }
    case 'email_change_requested': {
      const subject = 'Your email address is being changed'
      const requested = `Someone signed in to your account asked to change its email address to ${newEmail}. The change takes effect once it is confirmed from that address.`
      // A notice queued by a version without cancel links has no token: better no link than a dead one.
      if (token === '') return { subject, paragraphs: [requested, NOT_YOU] }
      return {
        subject,
        paragraphs: [
          requested,
          'If this was not you, cancel the change with the link above (changing or resetting your password cancels it too), then change your password and turn on two-factor sign-in.',
        ],
        action: { label: 'Cancel this change', url: tokenLink(appUrl, '/cancel-email-change', token) },
      }
    }
    case 'email_changed':
      return {
        subject: 'Your email address was changed',
        paragraphs: [
          `The email address of your account was changed to ${newEmail}. This address no longer signs in to it or receives its mail.`,
          'If this was not you, someone else knows your password: if you are still signed in, change your password and your email address back, and turn on two-factor sign-in; otherwise contact the operator of this site.',
        ],
      }
    case 'password_changed':
      return {
        subject: 'Your password was changed',
        paragraphs: ['The password of your account was just changed.', NOT_YOU],
      }
    case 'totp_enabled':
      return {
        subject: 'Two-factor sign-in is on',
        paragraphs: [
          'Two-factor sign-in was turned on for your account: signing in now also needs a code from your authenticator app.',
          'Every other device signed in to your account was signed out.',
          NOT_YOU,
        ],
      }
    case 'totp_disabled':
      return {
        subject: 'Two-factor sign-in is off',
        paragraphs: [
          'Two-factor sign-in was turned off for your account: signing in needs only your password now.',
          NOT_YOU,
        ],
      }
    case 'confirm_login':
      return {
        subject: 'Confirm your sign-in',
        paragraphs: [
          'Someone signed in to your account with its password just now, after many failed attempts to sign in to it. To finish signing in, open the link below; it works once, for 15 minutes.',
          'If this was not you, someone knows your password: do not open the link, choose a new password and turn on two-factor sign-in.',
        ],
        action: { label: 'Finish signing in', url: tokenLink(appUrl, '/confirm-login', token) },
      }
  }
}

/** Renders a message from its template and parameters. */
export function renderMail(
  template: MailTemplate,
  params: Record<string, string>,
  appUrl: string,
): RenderedMail {
  const { subject, paragraphs, action } = content(template, params, appUrl)
  const textParts = [...paragraphs]
  if (action) textParts.splice(1, 0, `${action.label}:\n${action.url}`)
  const htmlParts = paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
  if (action) {
    htmlParts.splice(1, 0, `<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p>`)
  }
  return {
    subject,
    text: `${textParts.join('\n\n')}\n`,
    html: `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">${htmlParts.join('')}</body></html>`,
  }
}

/** True when the name is one of the templates (outbox rows hold names as text). */
export function isMailTemplate(name: string): name is MailTemplate {
  return [
    'verify_email',
    'reset_password',
    'confirm_email_change',
    'email_change_requested',
    'email_changed',
    'password_changed',
    'totp_enabled',
    'totp_disabled',
    'confirm_login',
  ].includes(name)
}
