import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { hashEmailedToken, isWellFormedEmailedToken } from '../account-tokens/account-tokens.js'
import { deleteUserAccountTokens, takeAccountToken } from '../account-tokens/account-tokens.queries.js'
import { mailEmailChangeToken, mailVerificationToken } from '../account-tokens/account-tokens.service.js'
import { isUniqueViolation } from '../db/database.js'
import type { UserRow } from '../db/tables.js'
import { ApiError, errorResponses, fieldsError } from '../errors.js'
import { callerOf, TOKEN_SECURITY } from '../http/auth.js'
import { data, Envelope, NoContent } from '../http/envelope.js'
import { authAttemptsPerIp, consumeAllowance } from '../http/rate-limit.js'
import { Accepted } from '../password-resets/password-resets.schemas.js'
import { logSecurityEvent } from '../security-events.js'
import { checkAccountPassword, emailProblem, normalizeEmail, type Credentials } from '../users/credentials.js'
import { emailExists, findUserById, updateUser } from '../users/users.queries.js'
import { ChangeEmailBody, VerifyEmailBody } from './email-verifications.schemas.js'

const INVALID_TOKEN = 'is invalid, used or expired; ask for a new mail'

/** Email verification and change: `/v1/me/email-verification`, `/v1/email-verifications`, `/v1/me/email`. */
export const emailVerificationsRoutes: FastifyPluginAsyncTypebox<{ credentials: Credentials }> = async (
  app,
  { credentials },
) => {
  const { db, config } = app
  const emailTaken = () => new ApiError('EMAIL_ALREADY_EXISTS', 'An account with this email already exists')

  async function loadCaller(userId: string): Promise<UserRow> {
    const user = await findUserById(db, userId)
    if (!user) throw new ApiError('UNAUTHENTICATED', 'Session token is missing, invalid or expired')
    return user
  }

  function spendMailAllowance(userId: string): Promise<void> {
    return consumeAllowance(
      db,
      `verification-mails:${userId}`,
      config.verificationMailsPerUser,
      'verification mails for this account',
    )
  }

  app.post(
    '/me/email-verification',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Send a new verification mail',
        description:
          'Mails a new verification link to the caller’s address (voiding earlier ones); valid for VERIFY_TOKEN_LIFE ' +
          '(default 48h). 409 CONFLICT when the address is already verified; limited per account ' +
          '(VERIFICATION_MAIL_LIMIT, default 3 per hour): 429. Mail to any one address, of every kind and whoever ' +
          'asks, is capped too (MAIL_RECIPIENT_LIMIT, default 5 per hour): past it the answer is the same 202 but no ' +
          'mail is sent, so the answer never tells whether the address got one.',
        security: TOKEN_SECURITY,
        response: { 202: Envelope(Accepted), ...errorResponses(401, 409, 429) },
      },
    },
    async (request, reply) => {
      const user = await loadCaller(callerOf(request).userId)
      if (user.email_verified === 1) throw new ApiError('CONFLICT', 'This email address is already verified')
      await spendMailAllowance(user.id)
      const now = Date.now()
      await db.transaction().execute(async (trx) => {
        await mailVerificationToken(trx, app.outbox, user, config.verifyTokenLifeMs, now)
      })
      app.mailSender.wake()
      return reply.code(202).send(data({}))
    },
  )

  app.post(
    '/email-verifications',
    {
      config: { auth: 'none', rateLimit: authAttemptsPerIp(config.authAttemptsPerIp) },
      schema: {
        tags: ['accounts'],
        summary: 'Confirm an email address with the token from a mail',
        description:
          'Takes the token of a verification mail (the address is then verified) or of an email-change mail (the ' +
          'account then moves to the new address, verified, and links mailed to the old address stop working). ' +
          'No session needed. A wrong, used or expired token gives 422 `fields.token`; a new address that another ' +
          'account took meanwhile gives 409 EMAIL_ALREADY_EXISTS. 204.',
        body: VerifyEmailBody,
        response: { 204: NoContent, ...errorResponses(400, 409, 413, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const { token } = request.body
      if (!isWellFormedEmailedToken(token)) throw fieldsError({ token: INVALID_TOKEN })
      const outcome = await db.transaction().execute(async (trx) => {
        const now = Date.now()
        const spent = await takeAccountToken(trx, hashEmailedToken(token), [
          'email_verification',
          'email_change',
        ])
        if (!spent || spent.expires_at <= now) throw fieldsError({ token: INVALID_TOKEN })
        const user = await findUserById(trx, spent.user_id)
        if (!user) throw fieldsError({ token: INVALID_TOKEN })
        if (spent.purpose === 'email_verification') {
          // A link mailed to an address the account no longer has proves nothing about the current one.
          if (spent.email !== user.email) throw fieldsError({ token: INVALID_TOKEN })
          if (user.email_verified !== 1) await updateUser(trx, user.id, { email_verified: 1 }, now)
          return { event: 'email.verified', userId: user.id } as const
        }
        try {
          await updateUser(trx, user.id, { email: spent.email, email_verified: 1 }, now)
        } catch (error) {
          // The unique index decides a race with a registration of the same address: one owner, one 409.
          if (isUniqueViolation(error)) throw emailTaken()
          throw error
        }
        await deleteUserAccountTokens(trx, user.id)
        return { event: 'email.changed', userId: user.id } as const
      })
      logSecurityEvent(request.log, outcome.event, { userId: outcome.userId })
      return reply.code(204).send(null)
    },
  )

  app.put(
    '/me/email',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Change the caller’s email address',
        description:
          'Needs the password (wrong → 403 FORBIDDEN; failures count toward the per-account login limit). Mails a ' +
          'confirmation link to the new address and a notice to the current one; the change applies when the link’s ' +
          'token reaches POST /v1/email-verifications. An address already registered gives 409 EMAIL_ALREADY_EXISTS ' +
          '(checked again when the change applies). Limited per account (VERIFICATION_MAIL_LIMIT): 429. 202. Each ' +
          'mail counts toward its address’s MAIL_RECIPIENT_LIMIT (default 5 per hour, all kinds together); past it ' +
          'the answer is the same 202 but that mail is not sent.',
        security: TOKEN_SECURITY,
        body: ChangeEmailBody,
        response: { 202: Envelope(Accepted), ...errorResponses(400, 401, 403, 409, 413, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const user = await loadCaller(callerOf(request).userId)
      const newEmail = normalizeEmail(request.body.new_email)
      const problem =
        emailProblem(newEmail) ?? (newEmail === user.email ? 'is already this account’s email' : undefined)
      if (problem) throw fieldsError({ new_email: problem })
      const attempt = { email: user.email, clientAddress: request.ip, log: request.log }
      const options = { resetOnSuccess: true }
      if (!(await checkAccountPassword(db, credentials, attempt, user, request.body.password, options))) {
        logSecurityEvent(request.log, 'auth.login.failed', { userId: user.id }, { route: 'email change' })
        throw new ApiError('FORBIDDEN', 'Password is incorrect')
      }
      if (await emailExists(db, newEmail)) throw emailTaken()
      await spendMailAllowance(user.id)
      const now = Date.now()
      await db.transaction().execute(async (trx) => {
        await mailEmailChangeToken(trx, app.outbox, user, newEmail, config.verifyTokenLifeMs, now)
      })
      app.mailSender.wake()
      logSecurityEvent(request.log, 'email.change_requested', { userId: user.id })
      return reply.code(202).send(data({}))
    },
  )
}
