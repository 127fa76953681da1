import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { hashEmailedToken, isWellFormedEmailedToken } from '../account-tokens/account-tokens.js'
import {
  deleteUserAccountTokens,
  findAccountToken,
  takeAccountToken,
} from '../account-tokens/account-tokens.queries.js'
import { mailAccountToken, mailEmailChangeToken } from '../account-tokens/issuing.js'
import { isUniqueViolation } from '../db/database.js'
import type { UserRow } from '../db/tables.js'
import { ApiError, errorResponses, fieldsError } from '../errors.js'
import { callerOf, TOKEN_SECURITY } from '../http/caller.js'
import { data } from '../http/envelope.js'
import { Envelope, NoContent } from '../http/schemas.js'
import { authAttemptsPerIp, consumeAllowance } from '../rate-limits/rate-limits.js'
import { enqueueMail } from '../mail/outbox.js'
import { Accepted } from '../password-resets/password-resets.schemas.js'
import { logSecurityEvent } from '../security-events.js'
import {
  checkAccountPassword,
  emailProblem,
  normalizeEmail,
  type Credentials,
} from '../accounts/credentials.js'
import { emailExists, findUserById, updateUser } from '../accounts/users.queries.js'
import { appendEvents } from '../event-log/event-log.queries.js'
import { userUpdatedEvent } from '../users/user-events.js'
import { CancelEmailChangeBody, ChangeEmailBody, VerifyEmailBody } from './email-verifications.schemas.js'

const INVALID_TOKEN = 'is invalid, used or expired; ask for a new mail'
const INVALID_CANCEL_TOKEN =
  'is invalid, used or expired: the change was already cancelled, applied or has lapsed'

/**
 * Email verification and change: `/v1/me/email-verification`, `/v1/email-verifications`, `/v1/me/email`,
 * `/v1/email-changes/cancel`.
 */
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
        await mailAccountToken(trx, app.outbox, user, 'email_verification', config.verifyTokenLifeMs, now)
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
          'account then moves to the new address, verified, links mailed to the old address stop working and a ' +
          'notice goes to the old address). ' +
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
          if (user.email_verified !== 1) {
            const verified = await updateUser(trx, user.id, { email_verified: 1 }, now)
            if (verified) await appendEvents(trx, [userUpdatedEvent(verified)])
          }
          return { event: 'email.verified', userId: user.id } as const
        }
        let changed: UserRow | undefined
        try {
          changed = await updateUser(trx, user.id, { email: spent.email, email_verified: 1 }, now)
        } catch (error) {
          // The unique index decides a race with a registration of the same address: one owner, one 409.
          if (isUniqueViolation(error)) throw emailTaken()
          throw error
        }
        await deleteUserAccountTokens(trx, user.id)
        // The address the account left is the one its owner still reads, if the change was not theirs.
        await enqueueMail(trx, app.outbox, user.email, 'email_changed', { new_email: spent.email }, now)
        if (changed) await appendEvents(trx, [userUpdatedEvent(changed)])
        return { event: 'email.changed', userId: user.id } as const
      })
      if (outcome.event === 'email.changed') app.mailSender.wake()
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
          'confirmation link to the new address and to the current one a notice with a cancel link (POST ' +
          '/v1/email-changes/cancel); the change applies when the confirmation link’s token reaches POST ' +
          '/v1/email-verifications. Both links live VERIFY_TOKEN_LIFE; asking again voids the earlier pair, and a ' +
          'password change or reset voids them too. An address already registered gives 409 EMAIL_ALREADY_EXISTS ' +
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

  app.post(
    '/email-changes/cancel',
    {
      config: { auth: 'none', rateLimit: authAttemptsPerIp(config.authAttemptsPerIp) },
      schema: {
        tags: ['accounts'],
        summary: 'Cancel a pending email change with the token from the notice',
        description:
          'Takes the token of the cancel link mailed to the current address when an email change was asked for ' +
          '(PUT /v1/me/email): the pending change is void, and its confirmation link then answers 422. No session ' +
          'needed. A wrong, used or expired token, or one whose change was already applied, gives 422 ' +
          '`fields.token`. Shares the per-address limit of login (AUTH_IP_LIMIT): 429. 204.',
        body: CancelEmailChangeBody,
        response: { 204: NoContent, ...errorResponses(400, 413, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const { token } = request.body
      if (!isWellFormedEmailedToken(token)) throw fieldsError({ token: INVALID_CANCEL_TOKEN })
      const tokenHash = hashEmailedToken(token)
      const userId = await db.transaction().execute(async (trx) => {
        const found = await findAccountToken(trx, tokenHash, ['email_change_cancel'])
        if (!found || found.expires_at <= Date.now()) throw fieldsError({ token: INVALID_CANCEL_TOKEN })
        // The change's token before the cancel token, the order in which issuing and confirming take
        // them: a cancel racing a confirmation waits for it on PostgreSQL instead of deadlocking.
        await deleteUserAccountTokens(trx, found.user_id, ['email_change'])
        // Spending the token is the check that counts: a confirmation that won the race took it along
        // with the account's other tokens, and this answers 422 with the deletion above rolled back.
        const spent = await takeAccountToken(trx, tokenHash, ['email_change_cancel'])
        if (!spent) throw fieldsError({ token: INVALID_CANCEL_TOKEN })
        return spent.user_id
      })
      logSecurityEvent(request.log, 'email.change_cancelled', { userId })
      return reply.code(204).send(null)
    },
  )
}
