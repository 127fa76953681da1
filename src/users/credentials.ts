import type { RateLimitConfig } from '../config.js'
import type { Db } from '../db/database.js'
import type { UserRow } from '../db/tables.js'
import {
  assertPasswordAttemptsAllowed,
  clearPasswordFailures,
  recordPasswordFailure,
} from '../http/rate-limit.js'
import {
  createDummyHash,
  hashPassword,
  needsRehash,
  normalizePassword,
  PasswordPolicy,
  verifyPassword,
} from './passwords.js'
import { replacePasswordHash } from './users.queries.js'

/** Everything password checks need, built once at start-up. */
export interface Credentials {
  policy: PasswordPolicy
  dummyHash: string
  failureLimit: RateLimitConfig
}

/** Loads the password dictionaries and prepares the dummy hash. */
export async function createCredentials(
  passwordMinLength: number,
  failureLimit: RateLimitConfig,
): Promise<Credentials> {
  return { policy: new PasswordPolicy(passwordMinLength), dummyHash: await createDummyHash(), failureLimit }
}

export const EMAIL_MAX_LENGTH = 254
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

/** Why a password is unacceptable for this account, or undefined; the password is normalised first. */
export function passwordProblem(
  credentials: Credentials,
  password: string,
  email: string,
): string | undefined {
  return credentials.policy.problem(normalizePassword(password), email)
}

/** Normalises and hashes a password that passed the policy. */
export function hashNewPassword(password: string): Promise<string> {
  return hashPassword(normalizePassword(password))
}

/**
 * Checks a password for an account (or for an unknown email: `user` undefined), counting failures
 * per email and refusing with 429 once there were too many. An unknown email still costs one argon2
 * verification, so the answer's timing does not reveal whether the account exists.
 */
export async function checkAccountPassword(
  db: Db,
  credentials: Credentials,
  email: string,
  user: UserRow | undefined,
  password: string,
): Promise<boolean> {
  await assertPasswordAttemptsAllowed(db, email, credentials.failureLimit)
  const normalized = normalizePassword(password)
  const matches = await verifyPassword(user?.password_hash ?? credentials.dummyHash, normalized)
  if (!matches || !user) {
    await recordPasswordFailure(db, email, credentials.failureLimit)
    return false
  }
  // With two-factor sign-in on, the password alone is not a successful login: the count is cleared
  // only once the code passes too, or guessing codes with a known password would never be limited.
  if (user.totp_enabled !== 1) await clearPasswordFailures(db, email)
  // Hashes made with older, weaker parameters are upgraded the next time the password is known.
  if (needsRehash(user.password_hash)) await replacePasswordHash(db, user.id, await hashPassword(normalized))
  return true
}
