import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { mailAccountToken } from '../account-tokens/issuing.js'
import { isUniqueViolation } from '../db/database.js'
import type { UserRow } from '../db/tables.js'
import { ApiError, errorResponses, fieldsError, type FieldErrors } from '../errors.js'
import { versionEtag } from '../http/conditional.js'
import { data } from '../http/envelope.js'
import { Envelope } from '../http/schemas.js'
import {
  authAttemptsPerIp,
  hashedClientAddressKey,
  consumeAllowance,
  refuseSpentAllowance,
} from '../rate-limits/rate-limits.js'
import { newId } from '../ids.js'
import { logSecurityEvent } from '../security-events.js'
import {
  emailProblem,
  hashNewPassword,
  newPasswordProblem,
  normalizeEmail,
  type Credentials,
} from '../accounts/credentials.js'
import { emailExists, insertUser } from '../accounts/users.queries.js'
import { displayNameProblem } from './profile.js'
import { RegisterBody, UserSchema, userFromRow } from './users.schemas.js'

const REGISTRATIONS = 'registrations from this address'

/** `POST /v1/register`: a new account, and the mail that verifies its address. */
export const registrationRoute: FastifyPluginAsyncTypebox<{ credentials: Credentials }> = async (
  app,
  { credentials },
) => {
  const { db, config } = app

  app.post(
    '/register',
    {
      config: { auth: 'none', rateLimit: authAttemptsPerIp(config.authAttemptsPerIp) },
      schema: {
        tags: ['accounts'],
        summary: 'Create an account',
        description:
          'Every invalid field is listed together in one 422. The email is stored lower-cased; an address already ' +
          'registered in any case gives 409 EMAIL_ALREADY_EXISTS. Shares a per-address rate limit with login ' +
          '(AUTH_IP_LIMIT). Besides, a client address (IPv6: its /64) may create at most REGISTER_IP_LIMIT accounts ' +
          '(default 20 per hour): what is counted is accounts created, since that is what the limit is about, and ' +
          'failed attempts are already bounded by AUTH_IP_LIMIT; past it, 429 RATE_LIMITED with Retry-After. The ' +
          'verification mail counts toward MAIL_RECIPIENT_LIMIT (see POST /v1/me/email-verification).',
        body: RegisterBody,
        response: { 201: Envelope(UserSchema), ...errorResponses(400, 409, 413, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const registrations = `registrations:${hashedClientAddressKey(request.ip)}`
      // Refused before the password checks and hash: an address past its limit costs next to nothing.
      await refuseSpentAllowance(db, registrations, config.registrationsPerIp, REGISTRATIONS)
      const email = normalizeEmail(request.body.email)
      const fields: FieldErrors = {}
      const emailIssue = emailProblem(email)
      if (emailIssue) fields['email'] = emailIssue
      const passwordIssue = await newPasswordProblem(credentials, request.body.password, email, request.log)
      if (passwordIssue) fields['password'] = passwordIssue
      const nameIssue = displayNameProblem(request.body.display_name)
      if (nameIssue) fields['display_name'] = nameIssue
      if (Object.keys(fields).length > 0) throw fieldsError(fields)

      const emailTaken = new ApiError('EMAIL_ALREADY_EXISTS', 'An account with this email already exists')
      // Spares an argon2 hash for the common case; the unique index settles races.
      if (await emailExists(db, email)) throw emailTaken

      const now = Date.now()
      const row: UserRow = {
        id: newId(now),
        email,
        password_hash: await hashNewPassword(request.body.password),
        display_name: request.body.display_name?.trim() ?? null,
        preferences: '{}',
        version: 1,
        credentials_version: 1,
        created_at: now,
        updated_at: now,
        email_verified: 0,
        totp_enabled: 0,
        storage_bytes: 0,
        role: 'member',
        disabled: 0,
      }
      try {
        await db.transaction().execute(async (trx) => {
          // Counted with the account it allows, so a failed registration spends nothing and concurrent
          // ones from one address queue on the counter's row: none slips past the limit.
          await consumeAllowance(trx, registrations, config.registrationsPerIp, REGISTRATIONS)
          await insertUser(trx, row)
          await mailAccountToken(trx, app.outbox, row, 'email_verification', config.verifyTokenLifeMs, now)
        })
      } catch (error) {
        if (isUniqueViolation(error)) throw emailTaken
        throw error
      }
      logSecurityEvent(request.log, 'account.created', { userId: row.id })
      app.mailSender.wake()
      return reply
        .code(201)
        .header('etag', versionEtag(row.version, row.id))
        .send(data(userFromRow(row)))
    },
  )
}
