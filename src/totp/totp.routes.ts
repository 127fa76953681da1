import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import type { Db } from '../db/database.js'
import type { UserRow } from '../db/tables.js'
import { ApiError, errorResponses, fieldsError } from '../errors.js'
import { callerOf, TOKEN_SECURITY } from '../http/caller.js'
import { data } from '../http/envelope.js'
import { Envelope, NoContent } from '../http/schemas.js'
import { enqueueMail } from '../mail/outbox.js'
import { logSecurityEvent } from '../security-events.js'
import { deleteOtherUserSessions } from '../sessions/sessions.queries.js'
import { checkAccountPassword, type Credentials } from '../accounts/credentials.js'
import { findUserById, lockUserById } from '../accounts/users.queries.js'
import { appendEvents, type NewEvent } from '../event-log/event-log.queries.js'
import { sessionDeletedEvents } from '../sessions/session-events.js'
import { userUpdatedEvent } from '../users/user-events.js'
import {
  hashRecoveryCode,
  matchingTotpStep,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUrl,
  qrSvg,
  totpSecretContext,
} from '../accounts/totp.js'
import {
  activatePendingTotpSecret,
  findTotpCredentials,
  forgetTotp,
  replaceRecoveryCodes,
  savePendingTotpSecret,
  turnTotpOn,
} from '../accounts/totp.queries.js'
import { ConfirmTotpBody, PasswordBody, RecoveryCodesSchema, TotpEnrolmentSchema } from './totp.schemas.js'

// Enrolment, confirmation and removal each run in one transaction that first locks the user's row and
// then reads the two-factor state again under that lock: two of them racing (a confirmation and a
// removal) queue, and the second acts on what the first committed. The row comes first, as every other
// writer of an account's rows takes it (storage.queries.ts). `totp_enabled` is set by one statement
// conditional on the confirmed secret (turnTotpOn), so it is true exactly when that secret exists.

/** Two-factor sign-in: `/v1/me/totp` (enrol, disable) and `/v1/me/totp/confirm`. */
/** `user.updated` with the account as it now stands (its `totp_enabled` just changed). */
async function accountEvent(trx: Db, userId: string): Promise<NewEvent[]> {
  const user = await findUserById(trx, userId)
  return user === undefined ? [] : [userUpdatedEvent(user)]
}

export const totpRoutes: FastifyPluginAsyncTypebox<{ credentials: Credentials }> = async (
  app,
  { credentials },
) => {
  const { db, config } = app

  function callerGone(): ApiError {
    return new ApiError('UNAUTHENTICATED', 'Session token is missing, invalid or expired')
  }

  async function loadCaller(userId: string): Promise<UserRow> {
    const user = await findUserById(db, userId)
    if (!user) throw callerGone()
    return user
  }

  /** The caller's row, locked for the rest of the transaction (see the top of this file). */
  async function lockCaller(trx: Db, userId: string): Promise<UserRow> {
    const user = await lockUserById(trx, userId)
    if (!user) throw callerGone()
    return user
  }

  async function assertPassword(request: FastifyRequest, user: UserRow, password: string): Promise<void> {
    const attempt = { email: user.email, clientAddress: request.ip, log: request.log }
    if (!(await checkAccountPassword(db, credentials, attempt, user, password, { resetOnSuccess: true }))) {
      logSecurityEvent(
        request.log,
        'auth.login.failed',
        { userId: user.id },
        { route: 'two-factor settings' },
      )
      throw new ApiError('FORBIDDEN', 'Password is incorrect')
    }
  }

  app.post(
    '/me/totp',
    {
      schema: {
        tags: ['two-factor'],
        summary: 'Start turning on two-factor sign-in',
        description:
          'Needs the password (wrong → 403 FORBIDDEN; failures count toward the per-account login limit). Returns a ' +
          'new TOTP secret (RFC 6238: SHA-1, 6 digits, 30 s) as base32, otpauth URL and SVG QR code. It is pending ' +
          'until POST /v1/me/totp/confirm receives a code from it; calling again replaces a pending secret. 409 ' +
          'CONFLICT when two-factor sign-in is already on (turn it off first). 201.',
        security: TOKEN_SECURITY,
        body: PasswordBody,
        response: {
          201: Envelope(TotpEnrolmentSchema),
          ...errorResponses(400, 401, 403, 409, 413, 415, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const user = await loadCaller(callerOf(request).userId)
      await assertPassword(request, user, request.body.password)
      const secret = newTotpSecret()
      const sealedSecret = app.secretBox.seal(secret, totpSecretContext(user.id))
      await db.transaction().execute(async (trx) => {
        if ((await lockCaller(trx, user.id)).totp_enabled === 1) {
          throw new ApiError(
            'CONFLICT',
            'Two-factor sign-in is already on; turn it off before enrolling again',
          )
        }
        await savePendingTotpSecret(trx, user.id, sealedSecret, Date.now())
      })
      const url = otpauthUrl(secret, config.totpIssuer, user.email)
      return reply.code(201).send(data({ secret, otpauth_url: url, qr_svg: await qrSvg(url) }))
    },
  )

  app.post(
    '/me/totp/confirm',
    {
      schema: {
        tags: ['two-factor'],
        summary: 'Finish turning on two-factor sign-in',
        description:
          'Takes the current code of the pending secret; a wrong code gives 422 `fields.code`, and no pending secret ' +
          '409 CONFLICT. Turns two-factor sign-in on, signs out every other session of the account (the caller’s ' +
          'stays), mails a notice, and returns ten recovery codes — shown only this once (stored hashed), each ' +
          'usable once to sign in instead of a code. 200.',
        security: TOKEN_SECURITY,
        body: ConfirmTotpBody,
        response: { 200: Envelope(RecoveryCodesSchema), ...errorResponses(400, 401, 409, 413, 415, 422) },
      },
    },
    async (request) => {
      const caller = callerOf(request)
      const code = request.body.code.trim()
      const recoveryCodes = newRecoveryCodes()
      const recoveryCodeHashes = recoveryCodes.map(hashRecoveryCode)
      const signedOut = await db.transaction().execute(async (trx) => {
        const user = await lockCaller(trx, caller.userId)
        const pending = (await findTotpCredentials(trx, user.id))?.pending_secret ?? null
        if (user.totp_enabled === 1 || pending === null) {
          throw new ApiError(
            'CONFLICT',
            'There is no pending two-factor enrolment; start one with POST /v1/me/totp',
          )
        }
        const step = matchingTotpStep(app.secretBox.open(pending, totpSecretContext(user.id)), code)
        if (step === undefined)
          throw fieldsError({ code: 'does not match; enter the current code from your app' })
        const now = Date.now()
        if (
          !(await activatePendingTotpSecret(trx, user.id, pending, step, now)) ||
          !(await turnTotpOn(trx, user.id, now))
        ) {
          throw new ApiError('CONFLICT', 'The enrolment changed meanwhile; start again with POST /v1/me/totp')
        }
        await replaceRecoveryCodes(trx, user.id, recoveryCodeHashes, now)
        // Whoever signed in with the password alone is signed out: from now on it takes a code too.
        const others = await deleteOtherUserSessions(trx, user.id, caller.sessionId)
        await enqueueMail(trx, app.outbox, user.email, 'totp_enabled', {}, now)
        await appendEvents(trx, [
          ...(await accountEvent(trx, user.id)),
          ...sessionDeletedEvents(user.id, others),
        ])
        return others.length
      })
      app.mailSender.wake()
      logSecurityEvent(request.log, 'totp.enabled', { userId: caller.userId })
      if (signedOut > 0) {
        logSecurityEvent(
          request.log,
          'session.revoked',
          { userId: caller.userId },
          { others: signedOut, reason: 'two-factor sign-in turned on' },
        )
      }
      return data({ recovery_codes: recoveryCodes })
    },
  )

  app.delete(
    '/me/totp',
    {
      schema: {
        tags: ['two-factor'],
        summary: 'Turn off two-factor sign-in',
        description:
          'Needs the password (wrong → 403 FORBIDDEN). Forgets the secret (active or pending) and the recovery ' +
          'codes; when it was on, a notice is mailed. 204, also when it was already off.',
        security: TOKEN_SECURITY,
        body: PasswordBody,
        response: { 204: NoContent, ...errorResponses(400, 401, 403, 413, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const user = await loadCaller(callerOf(request).userId)
      await assertPassword(request, user, request.body.password)
      const wasOn = await db.transaction().execute(async (trx) => {
        const locked = await lockCaller(trx, user.id)
        const now = Date.now()
        const turnedOff = await forgetTotp(trx, locked.id, now)
        if (turnedOff) {
          await enqueueMail(trx, app.outbox, locked.email, 'totp_disabled', {}, now)
          await appendEvents(trx, await accountEvent(trx, locked.id))
        }
        return turnedOff
      })
      if (wasOn) {
        app.mailSender.wake()
        logSecurityEvent(request.log, 'totp.disabled', { userId: user.id })
      }
      return reply.code(204).send(null)
    },
  )
}
