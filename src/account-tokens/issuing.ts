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

/** The mail that carries each kind of token sent to the account's own address. */
const OWN_ADDRESS_MAILS = {
  email_verification: 'verify_email',
  password_reset: 'reset_password',
  login_confirmation: 'confirm_login',
} as const

/**
 * Issues a token of `purpose` for the account's own address (a verification, a password reset, a
 * sign-in confirmation) and queues the mail that carries it.
 */
export async function mailAccountToken(
  trx: Db,
  outbox: Outbox,
  user: { id: string; email: string },
  purpose: keyof typeof OWN_ADDRESS_MAILS,
  lifeMs: number,
  now: number,
): Promise<void> {
  const token = await issueToken(trx, user.id, purpose, user.email, lifeMs, now)
  await enqueueMail(trx, outbox, user.email, OWN_ADDRESS_MAILS[purpose], { token }, now)
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
