import type { Db } from '../db/database.js'
import type { AccountTokenPurpose } from '../db/tables.js'
import { newId } from '../ids.js'
import { enqueueMail, type Outbox } from '../mail/outbox.js'
import { hashEmailedToken, newEmailedToken } from './account-tokens.js'
import { replaceAccountToken } from './account-tokens.queries.js'

// Issuing a token and queueing the mail that carries it happen in the caller's transaction: either
// both exist or neither does.

async function issueToken(
  trx: Db,
  userId: string,
  purpose: AccountTokenPurpose,
  email: string,
  lifeMs: number,
  now: number,
): Promise<string> {
  const token = newEmailedToken()
  await replaceAccountToken(trx, {
    id: newId(now),
    user_id: userId,
    purpose,
    token_hash: hashEmailedToken(token),
    email,
    expires_at: now + lifeMs,
    created_at: now,
  })
  return token
}

/** Issues an email-verification token for the account's address and queues its mail. */
export async function mailVerificationToken(
  trx: Db,
  outbox: Outbox,
  user: { id: string; email: string },
  lifeMs: number,
  now: number,
): Promise<void> {
  const token = await issueToken(trx, user.id, 'email_verification', user.email, lifeMs, now)
  await enqueueMail(trx, outbox, user.email, 'verify_email', { token }, now)
}

/** Issues a password-reset token and queues its mail. */
export async function mailPasswordResetToken(
  trx: Db,
  outbox: Outbox,
  user: { id: string; email: string },
  lifeMs: number,
  now: number,
): Promise<void> {
  const token = await issueToken(trx, user.id, 'password_reset', user.email, lifeMs, now)
  await enqueueMail(trx, outbox, user.email, 'reset_password', { token }, now)
}

/** Issues a sign-in confirmation token (a login over the account's failure ceiling) and queues its mail. */
export async function mailLoginConfirmationToken(
  trx: Db,
  outbox: Outbox,
  user: { id: string; email: string },
  lifeMs: number,
  now: number,
): Promise<void> {
  const token = await issueToken(trx, user.id, 'login_confirmation', user.email, lifeMs, now)
  await enqueueMail(trx, outbox, user.email, 'confirm_login', { token }, now)
}

/**
 * Issues an email-change token for the new address and mails it there, and tells the current address
 * with a link that cancels the change: the owner can stop it without knowing the password.
 */
export async function mailEmailChangeToken(
  trx: Db,
  outbox: Outbox,
  user: { id: string; email: string },
  newEmail: string,
  lifeMs: number,
  now: number,
): Promise<void> {
  const token = await issueToken(trx, user.id, 'email_change', newEmail, lifeMs, now)
  const cancelToken = await issueToken(trx, user.id, 'email_change_cancel', user.email, lifeMs, now)
  await enqueueMail(trx, outbox, newEmail, 'confirm_email_change', { token, new_email: newEmail }, now)
  await enqueueMail(
    trx,
    outbox,
    user.email,
    'email_change_requested',
    { token: cancelToken, new_email: newEmail },
    now,
  )
}
