import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { hashEmailedToken, isWellFormedEmailedToken } from '../account-tokens/account-tokens.js'
import {
  deleteUserAccountTokens,
  findAccountToken,
  takeAccountToken,
} from '../account-tokens/account-tokens.queries.js'
import { mailAccountToken } from '../account-tokens/issuing.js'
import { errorResponses, fieldsError } from '../errors.js'
import { data } from '../http/envelope.js'
import { Envelope, NoContent } from '../http/schemas.js'
import {
  authAttemptsPerIp,
  consumeAllowance,
  emailKey,
  forgetAllPasswordAttempts,
} from '../rate-limits/rate-limits.js'
import { enqueueJob, enqueueMail, type Outbox, type OutboxJob } from '../mail/outbox.js'
import { logSecurityEvent } from '../security-events.js'
import { deleteAllUserSessions } from '../sessions/sessions.queries.js'
import {
  emailProblem,
  hashNewPassword,
  normalizeEmail,
  newPasswordProblem,
  type Credentials,
} from '../accounts/credentials.js'
import { findUserByEmail, findUserById, updateUser } from '../accounts/users.queries.js'
import { Accepted, ConfirmPasswordResetBody, PasswordResetBody } from './password-resets.schemas.js'

const INVALID_TOKEN = 'is invalid, used or expired; ask for a new reset link'

/** Outbox job name of a password-reset request. */
export const PASSWORD_RESET_JOB = 'password_reset_request'

/** The job behind POST /v1/password-resets: a token and its mail, when an account has the email. */
export function passwordResetJob(outbox: Outbox, resetTokenLifeMs: number): OutboxJob {
  return async (trx, params, now) => {
    const user = await findUserByEmail(trx, params['email'] ?? '')
    if (user) await mailAccountToken(trx, outbox, user, 'password_reset', resetTokenLifeMs, now)
  }
}

/** Password reset by mail: `/v1/password-resets` and `/v1/password-resets/confirm`. */
export const passwordResetsRoutes: FastifyPluginAsyncTypebox<{ credentials: Credentials }> = async (
  app,
  { credentials },
) => {
  const { db, config } = app

  app.post(
    '/password-resets',
    {
      config: { auth: 'none', rateLimit: authAttemptsPerIp(config.authAttemptsPerIp) },
      schema: {
        tags: ['accounts'],
        summary: 'Ask for a password-reset mail',
        description:
          'Always 202 with an empty object, whether or not an account has this email, and in about the same time: ' +
          'the request is queued, and only when the account exists does that turn into a token and a mail, sent in ' +
          'the background. The link in it holds a ' +
          'single-use token valid for RESET_TOKEN_LIFE (default 1h); asking again voids the earlier link. Limited per ' +
          'email (PASSWORD_RESET_LIMIT, default 3 per hour) and per client address (AUTH_IP_LIMIT): 429. The mail ' +
          'counts toward its address’s MAIL_RECIPIENT_LIMIT (default 5 per hour, every kind together); past it the ' +
          'answer is the same 202 but no mail is sent.',
        body: PasswordResetBody,
        response: { 202: Envelope(Accepted), ...errorResponses(400, 413, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const email = normalizeEmail(request.body.email)
      const problem = emailProblem(email)
      if (problem) throw fieldsError({ email: problem })
      // Counted for unknown emails too, so a 429 says nothing about whether the account exists.
      await consumeAllowance(
        db,
        `password-resets:${emailKey(email)}`,
        config.passwordResetsPerEmail,
        'password reset requests for this email',
      )
      // The same single write for every email, known or not; the job mails only real accounts.
      await enqueueJob(db, app.secretBox, PASSWORD_RESET_JOB, { email })
      app.mailSender.wake()
      return reply.code(202).send(data({}))
    },
  )

  app.post(
    '/password-resets/confirm',
    {
      config: { auth: 'none', rateLimit: authAttemptsPerIp(config.authAttemptsPerIp) },
      schema: {
        tags: ['accounts'],
        summary: 'Set a new password with a reset token',
        description:
          'The token comes from the reset mail’s link. The new password follows the registration rules (422 ' +
          '`fields.new_password`; the token stays usable). A wrong, used or expired token gives 422 `fields.token`. ' +
          'On success every session of the account is signed out, every other emailed link of the account still open ' +
          '(password resets, verifications, pending email changes, sign-in confirmations) stops working, the ' +
          'account’s failed-login counts are cleared (from every address), the address counts as verified (the mail ' +
          'reached it) and a notice is mailed. 204.',
        body: ConfirmPasswordResetBody,
        response: { 204: NoContent, ...errorResponses(400, 413, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const { token, new_password: newPassword } = request.body
      if (!isWellFormedEmailedToken(token)) throw fieldsError({ token: INVALID_TOKEN })
      const tokenHash = hashEmailedToken(token)
      const found = await findAccountToken(db, tokenHash, ['password_reset'])
      const user = found && found.expires_at > Date.now() ? await findUserById(db, found.user_id) : undefined
      if (!found || !user) throw fieldsError({ token: INVALID_TOKEN })
      const problem = await newPasswordProblem(credentials, newPassword, user.email, request.log)
      if (problem) throw fieldsError({ new_password: problem })
      const passwordHash = await hashNewPassword(newPassword)

      await db.transaction().execute(async (trx) => {
        const now = Date.now()
        // Spending the token is the check that counts: of two concurrent confirmations, one wins.
        const spent = await takeAccountToken(trx, tokenHash, ['password_reset'])
        if (!spent || spent.expires_at <= now) throw fieldsError({ token: INVALID_TOKEN })
        const mailedToCurrentAddress = spent.email === user.email
        const updated = await updateUser(
          trx,
          user.id,
          { password_hash: passwordHash, ...(mailedToCurrentAddress ? { email_verified: 1 } : {}) },
          now,
        )
        if (!updated) throw fieldsError({ token: INVALID_TOKEN })
        // The owner proved control of the address: others' failed guesses no longer stand in the way.
        await forgetAllPasswordAttempts(trx, user.email)
        await deleteAllUserSessions(trx, user.id)
        // Every open link goes, not only resets: a pending email change would otherwise survive the
        // reset that was meant to lock out whoever asked for it.
        await deleteUserAccountTokens(trx, user.id)
        await enqueueMail(trx, app.outbox, updated.email, 'password_changed', {}, now)
      })
      app.mailSender.wake()
      logSecurityEvent(request.log, 'password.changed', { userId: user.id }, { route: 'password reset' })
      return reply.code(204).send(null)
    },
  )
}
