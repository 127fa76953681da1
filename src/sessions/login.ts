import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { isForeignKeyViolation, type Db } from '../db/database.js'
import { ApiError, errorResponses } from '../errors.js'
import { data } from '../http/envelope.js'
import { Envelope } from '../http/schemas.js'
import { hashEmailedToken, isWellFormedEmailedToken } from '../account-tokens/account-tokens.js'
import { findAccountToken, takeAccountToken } from '../account-tokens/account-tokens.queries.js'
import { mailAccountToken } from '../account-tokens/issuing.js'
import type { RateLimitConfig } from '../config.js'
import type { AccountTokenRow, UserRow } from '../db/tables.js'
import type { FastifyBaseLogger } from 'fastify'
import {
  authAttemptsPerIp,
  consumeAllowance,
  forgetPasswordAttempts,
  type PasswordAttempt,
} from '../rate-limits/rate-limits.js'
import { checkSecondFactor } from '../accounts/second-factor.js'
import { newId } from '../ids.js'
import { logSecurityEvent } from '../security-events.js'
import { checkLoginPassword, normalizeEmail, type Credentials } from '../accounts/credentials.js'
import { findUserByEmail } from '../accounts/users.queries.js'
import { evictLeastRecentlyUsedSessions, insertSessionIfCredentialsCurrent } from './sessions.queries.js'
import { LoginBody, NewSessionSchema, sessionFromRow, USER_AGENT_MAX_LENGTH } from './sessions.schemas.js'
import { hashToken } from './token-hashes.js'
import { newSessionToken } from './tokens.js'
import { sessionCreatedEvent, sessionDeletedEvents } from './session-events.js'
import { appendEvents } from '../event-log/event-log.queries.js'

// A sign-in confirmation stands in for the owner's word that this login is theirs while others' guesses
// hold the account over its ceiling: short-lived, and at most one mail per window so that guessers who
// happen on the password cannot fill the owner's inbox.
const LOGIN_CONFIRMATION_LIFE_MS = 15 * 60_000
const LOGIN_CONFIRMATION_MAILS: RateLimitConfig = { max: 1, windowMs: 5 * 60_000 }

/** `POST /v1/sessions`: signing in, with the second factor or a mailed confirmation when asked for. */
export const loginRoute: FastifyPluginAsyncTypebox<{ credentials: Credentials }> = async (
  app,
  { credentials },
) => {
  const { db, config } = app
  const invalidCredentials = () =>
    new ApiError('UNAUTHENTICATED', 'Email or password is incorrect', undefined, {
      'www-authenticate': 'Bearer',
    })

  // Only after a correct password: TOTP_REQUIRED tells the client to ask for a code; a wrong code is a
  // failed login like a wrong password, counted toward the same limits (the attempt was counted before
  // the password was checked, and only a passing code forgets it).
  async function requireSecondFactor(
    user: UserRow,
    proof: LoginBody,
    attempt: PasswordAttempt & { log: FastifyBaseLogger },
  ): Promise<void> {
    if (proof.totp_code !== undefined && proof.recovery_code !== undefined) {
      throw new ApiError('BAD_REQUEST', 'Send totp_code or recovery_code, not both')
    }
    const { result, usedRecoveryCode } = await checkSecondFactor(db, app.secretBox, user.id, proof)
    if (result === 'missing') {
      throw new ApiError(
        'TOTP_REQUIRED',
        'Two-factor sign-in is on: send totp_code (or recovery_code)',
        undefined,
        {
          'www-authenticate': 'Bearer',
        },
      )
    }
    if (result === 'rejected') {
      logSecurityEvent(attempt.log, 'auth.login.failed', { userId: user.id }, { reason: 'second factor' })
      throw new ApiError(
        'UNAUTHENTICATED',
        'The two-factor code is incorrect or was already used',
        undefined,
        {
          'www-authenticate': 'Bearer',
        },
      )
    }
    await forgetPasswordAttempts(db, attempt)
    if (usedRecoveryCode) {
      logSecurityEvent(attempt.log, 'auth.recovery_code.used', { userId: user.id })
    }
  }

  // After a right password the owner is asking, so a login refused for want of a mailed link mails a
  // fresh one: within the account's allowance for that kind of mail, and beyond it silently none, since
  // the refusal that follows says the same either way.
  async function mailWithinAllowance(
    allowanceKey: string,
    allowance: RateLimitConfig,
    queue: (trx: Db) => Promise<void>,
  ): Promise<void> {
    try {
      await consumeAllowance(db, allowanceKey, allowance, 'mails')
    } catch (error) {
      if (error instanceof ApiError && error.code === 'RATE_LIMITED') return
      throw error
    }
    await db.transaction().execute(queue)
    app.mailSender.wake()
  }

  async function refuseUnverified(user: UserRow): Promise<never> {
    await mailWithinAllowance(`verification-mails:${user.id}`, config.verificationMailsPerUser, (trx) =>
      mailAccountToken(trx, app.outbox, user, 'email_verification', config.verifyTokenLifeMs, Date.now()),
    )
    throw new ApiError(
      'EMAIL_NOT_VERIFIED',
      'Confirm your email address first: follow the link in the mail we sent (a new one is on its way)',
    )
  }

  const confirmationRequired = () =>
    new ApiError(
      'LOGIN_CONFIRMATION_REQUIRED',
      'Many sign-ins to this account failed lately: finish this one with the link we mailed to its address',
      undefined,
      { 'www-authenticate': 'Bearer' },
    )

  // True when the login carries this account's unexpired sign-in confirmation, mailed to its current
  // address. Looked at only after a right password; spent only by the login that succeeds.
  async function holdsConfirmation(user: UserRow, loginToken: string | undefined): Promise<boolean> {
    if (loginToken === undefined || !isWellFormedEmailedToken(loginToken)) return false
    const found = await findAccountToken(db, hashEmailedToken(loginToken), ['login_confirmation'])
    return found !== undefined && isConfirmationOf(found, user, Date.now())
  }

  // The password was right but the account is over its ceiling: a confirmation link goes to the
  // account's address and the client is told why.
  async function refuseUnconfirmed(user: UserRow, log: FastifyBaseLogger): Promise<never> {
    await mailWithinAllowance(`login-confirmation-mails:${user.id}`, LOGIN_CONFIRMATION_MAILS, (trx) =>
      mailAccountToken(trx, app.outbox, user, 'login_confirmation', LOGIN_CONFIRMATION_LIFE_MS, Date.now()),
    )
    logSecurityEvent(log, 'auth.login.failed', { userId: user.id }, { reason: 'confirmation required' })
    throw confirmationRequired()
  }

  app.post(
    '/sessions',
    {
      config: { auth: 'none', rateLimit: authAttemptsPerIp(config.authAttemptsPerIp) },
      schema: {
        tags: ['sessions'],
        summary: 'Log in',
        description:
          'Creates a session and returns its token in clear, this once; only its SHA-256 is stored. A wrong email and ' +
          'a wrong password give the same 401. Password attempts are counted per email and client address ' +
          '(LOGIN_FAILURE_LIMIT) and per email (LOGIN_FAILURE_EMAIL_LIMIT), a success resets both, and all ' +
          'attempts per client address (AUTH_IP_LIMIT): 429 with Retry-After. A login that races a password change ' +
          'or the account’s deletion answers 401. With two-factor sign-in on, a correct ' +
          'password without `totp_code` or `recovery_code` gives 401 TOTP_REQUIRED, and a wrong or reused code 401 ' +
          'UNAUTHENTICATED (counted as a failed login). With REQUIRE_VERIFIED_EMAIL=true, an account whose address is ' +
          'not verified gets 403 EMAIL_NOT_VERIFIED after a correct password, and a new verification mail. An account ' +
          'an admin disabled gets 403 ACCOUNT_DISABLED after a correct password. ' +
          'Others’ guesses never refuse the correct password outright: over LOGIN_FAILURE_EMAIL_LIMIT the password ' +
          'is still checked (a wrong one answers 429 as before), and a correct one answers 401 ' +
          'LOGIN_CONFIRMATION_REQUIRED and mails a sign-in confirmation link (APP_URL/confirm-login#token=…, single ' +
          'use, 15 minutes, at most one mail per account per 5 minutes); the same email and password with ' +
          '`login_token` then log in (two-factor sign-in still applies, and only the successful login spends the ' +
          'token). A wrong, used or expired `login_token` with the correct password answers 401 ' +
          'LOGIN_CONFIRMATION_REQUIRED again. A password reset clears the account’s counts of failed attempts.',
        body: LoginBody,
        response: { 201: Envelope(NewSessionSchema), ...errorResponses(400, 401, 403, 413, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const email = normalizeEmail(request.body.email)
      const user = await findUserByEmail(db, email)
      const attempt = { email, clientAddress: request.ip, log: request.log }
      const loginToken = request.body.login_token
      let confirmed = false
      const verdict = await checkLoginPassword(
        db,
        credentials,
        attempt,
        user,
        request.body.password,
        async (owner) => (confirmed = await holdsConfirmation(owner, loginToken)),
      )
      if (verdict === 'wrong' || !user) {
        logSecurityEvent(request.log, 'auth.login.failed', user ? { userId: user.id } : { email })
        throw invalidCredentials()
      }
      if (user.disabled !== 0) {
        // Only after the right password: a guesser learns nothing about the account.
        logSecurityEvent(request.log, 'auth.login.disabled', { userId: user.id })
        throw new ApiError('ACCOUNT_DISABLED', 'This account has been disabled by an administrator')
      }
      if (verdict === 'confirm') await refuseUnconfirmed(user, request.log)
      if (user.totp_enabled === 1) await requireSecondFactor(user, request.body, attempt)
      if (config.requireVerifiedEmail && user.email_verified !== 1) await refuseUnverified(user)

      const token = newSessionToken()
      const now = Date.now()
      const row = {
        id: newId(now),
        user_id: user.id,
        token_hash: hashToken(token),
        user_agent: request.headers['user-agent']?.slice(0, USER_AGENT_MAX_LENGTH) ?? null,
        ip: request.ip,
        created_at: now,
        updated_at: now,
      }
      let created: boolean
      try {
        created = await db.transaction().execute(async (trx) => {
          // Only with the credentials just verified: a password changed or an account deleted since
          // then leaves no session behind.
          if (!(await insertSessionIfCredentialsCurrent(trx, row, user.credentials_version))) return false
          // Spending the confirmation is the check that counts: of two logins with it, one wins.
          if (confirmed && loginToken !== undefined) {
            const spent = await takeAccountToken(trx, hashEmailedToken(loginToken), ['login_confirmation'])
            if (!spent || !isConfirmationOf(spent, user, Date.now())) throw confirmationRequired()
          }
          const evicted = await evictLeastRecentlyUsedSessions(trx, user.id, config.sessionsPerUserMax)
          await appendEvents(trx, [
            sessionCreatedEvent(row, config),
            ...sessionDeletedEvents(user.id, evicted),
          ])
          return true
        })
      } catch (error) {
        if (!isForeignKeyViolation(error)) throw error
        created = false
      }
      if (!created) {
        logSecurityEvent(
          request.log,
          'auth.login.failed',
          { userId: user.id },
          { reason: 'credentials changed' },
        )
        throw invalidCredentials()
      }
      logSecurityEvent(request.log, 'auth.login.succeeded', { userId: user.id }, { session_id: row.id })
      return reply.code(201).send(data({ ...sessionFromRow(row, row.id, config), token }))
    },
  )
}

function isConfirmationOf(token: AccountTokenRow, user: UserRow, now: number): boolean {
  return token.user_id === user.id && token.email === user.email && token.expires_at > now
}
