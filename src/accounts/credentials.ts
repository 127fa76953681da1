import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../config.js'
import type { Db } from '../db/database.js'
import type { UserRow } from '../db/tables.js'
import {
  countPasswordAttempt,
  forgetPasswordAttempts,
  type PasswordAttempt,
  type PasswordAttemptLimits,
} from '../rate-limits/rate-limits.js'
import { logSecurityEvent } from '../security-events.js'
import { checkBreachedPassword } from './breached-passwords.js'
import { createDummyHash, hashPassword, needsRehash, normalizePassword, verifyPassword } from './passwords.js'
import { policyProblem } from './policy-pool.js'
import { replacePasswordHash } from './users.queries.js'

/** Everything password checks need, built once at start-up. */
export interface Credentials {
  /** Minimum password length in code points (PASSWORD_MIN_LENGTH). */
  passwordMinLength: number
  dummyHash: string
  attemptLimits: PasswordAttemptLimits
  /** The breach-corpus range API's base URL, or undefined when the check is off. */
  breachCheckUrl: string | undefined
}

/** Prepares the dummy hash; the password dictionaries load in the policy worker when first needed. */
export async function createCredentials(
  config: Pick<
    Config,
    | 'passwordMinLength'
    | 'loginAttemptsPerEmailAndAddress'
    | 'loginAttemptsPerEmail'
    | 'passwordBreachCheck'
    | 'passwordBreachCheckUrl'
  >,
): Promise<Credentials> {
  return {
    passwordMinLength: config.passwordMinLength,
    dummyHash: await createDummyHash(),
    attemptLimits: {
      perEmailAndAddress: config.loginAttemptsPerEmailAndAddress,
      perEmail: config.loginAttemptsPerEmail,
    },
    breachCheckUrl: config.passwordBreachCheck === 'hibp' ? config.passwordBreachCheckUrl : undefined,
  }
}

const EMAIL_MAX_LENGTH = 254
// WHATWG's "valid email address", plus a dot in the domain: what people can actually receive mail at.
const EMAIL_PATTERN =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/

/** The stored form of an email: trimmed and lower-cased, so uniqueness ignores case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

/** Why a normalised email is unacceptable, or undefined. */
export function emailProblem(email: string): string | undefined {
  if (email.length > EMAIL_MAX_LENGTH) return `must be at most ${EMAIL_MAX_LENGTH} characters`
  if (!EMAIL_PATTERN.test(email)) return 'must be a valid email address'
  return undefined
}

/**
 * Why a new password is unacceptable for this account, or undefined; the password is normalised
 * first. With PASSWORD_BREACH_CHECK=hibp a password that passes the local rules is also looked up in
 * the breach corpus; when that lookup fails it is accepted and a warning is logged (fail open).
 */
export async function newPasswordProblem(
  credentials: Credentials,
  password: string,
  email: string,
  log: FastifyBaseLogger,
): Promise<string | undefined> {
  const normalized = normalizePassword(password)
  const problem = await policyProblem(normalized, email, credentials.passwordMinLength)
  if (problem !== undefined || credentials.breachCheckUrl === undefined) return problem
  const verdict = await checkBreachedPassword(normalized, credentials.breachCheckUrl)
  if ('unavailable' in verdict) {
    log.warn(
      { reason: verdict.unavailable },
      'password breach check unavailable; password accepted without it',
    )
    return undefined
  }
  if (!verdict.breached) return undefined
  logSecurityEvent(log, 'password.breached', { email })
  return 'has appeared in a data breach (haveibeenpwned.com); choose another'
}

/** Normalises and hashes a password that passed the policy. */
export function hashNewPassword(password: string): Promise<string> {
  return hashPassword(normalizePassword(password))
}

/** Options of a password check. */
interface PasswordCheckOptions {
  /**
   * Forget the counted attempts when the password matches (default: unless the account has a second
   * factor, whose check must pass too; the caller then calls `forgetPasswordAttempts`).
   */
  resetOnSuccess?: boolean
}

/**
 * What a login's password check found: `wrong` (or no such account), `right`, or `confirm`: the
 * password is right but the account is over its ceiling of failed attempts from all addresses, and
 * the login carries no valid emailed confirmation.
 */
type LoginPasswordVerdict = 'wrong' | 'right' | 'confirm'

/**
 * Checks a password for an account (or for an unknown email: `user` undefined). The attempt is
 * counted first, atomically, and refused with 429 over the limits (per email and address, and per
 * email); only then is the password verified, and a match forgets the count. An unknown email still
 * costs one argon2 verification, so the answer's timing does not reveal whether the account exists.
 */
export async function checkAccountPassword(
  db: Db,
  credentials: Credentials,
  attempt: PasswordAttempt & { log: FastifyBaseLogger },
  user: UserRow | undefined,
  password: string,
  options: PasswordCheckOptions = {},
): Promise<boolean> {
  return (await checkPassword(db, credentials, attempt, user, password, options, undefined)) === 'right'
}

/**
 * A login's password check: as `checkAccountPassword`, except over the per-email ceiling, where
 * others' guesses must not lock the owner out. There the password is verified all the same (only
 * the per-(email, address) limit refuses before verification): a wrong one, or an unknown email, is
 * refused with the ceiling's 429 as before, and a right one is `right` only when `confirmed` says the
 * login carries a valid emailed confirmation, else `confirm`, and the count is kept.
 */
export function checkLoginPassword(
  db: Db,
  credentials: Credentials,
  attempt: PasswordAttempt & { log: FastifyBaseLogger },
  user: UserRow | undefined,
  password: string,
  confirmed: (user: UserRow) => Promise<boolean>,
): Promise<LoginPasswordVerdict> {
  return checkPassword(db, credentials, attempt, user, password, {}, confirmed)
}

async function checkPassword(
  db: Db,
  credentials: Credentials,
  attempt: PasswordAttempt & { log: FastifyBaseLogger },
  user: UserRow | undefined,
  password: string,
  options: PasswordCheckOptions,
  confirmedOverCeiling: ((user: UserRow) => Promise<boolean>) | undefined,
): Promise<LoginPasswordVerdict> {
  const subject = user ? { userId: user.id } : { email: attempt.email }
  let ceiling: Error | undefined
  try {
    ceiling = await countPasswordAttempt(db, attempt, credentials.attemptLimits)
    if (ceiling && !confirmedOverCeiling) throw ceiling
  } catch (error) {
    logSecurityEvent(attempt.log, 'auth.lockout', subject)
    throw error
  }
  const normalized = normalizePassword(password)
  const matches = await verifyPassword(user?.password_hash ?? credentials.dummyHash, normalized)
  if (!matches || !user) {
    if (!ceiling) return 'wrong'
    logSecurityEvent(attempt.log, 'auth.lockout', subject)
    throw ceiling
  }
  // Hashes made with older, weaker parameters are upgraded the next time the password is known.
  if (needsRehash(user.password_hash)) {
    await replacePasswordHash(db, user, await hashPassword(normalized))
  }
  // Over the ceiling the count stays until a confirmed login succeeds: forgetting it on a right
  // password alone would let the next attempt through without the confirmation.
  if (ceiling && !(await confirmedOverCeiling?.(user))) return 'confirm'
  // With two-factor sign-in on, the password alone is not a successful login: the count is cleared
  // only once the code passes too, or guessing codes with a known password would never be limited.
  if (options.resetOnSuccess ?? user.totp_enabled !== 1) await forgetPasswordAttempts(db, attempt)
  return 'right'
}
