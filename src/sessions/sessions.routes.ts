import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ApiError, errorResponses, notFound } from '../errors.js'
import { callerOf, TOKEN_SECURITY } from '../http/auth.js'
import { data, Envelope, IdParams, ListEnvelope, NoContent } from '../http/envelope.js'
import { listBody, pageRequest, PageQuery } from '../http/pagination.js'
import { authAttemptsPerIp } from '../http/rate-limit.js'
import { newId } from '../ids.js'
import { checkAccountPassword, normalizeEmail, type Credentials } from '../users/credentials.js'
import { findUserByEmail } from '../users/users.queries.js'
import {
  deleteOtherUserSessions,
  deleteUserSession,
  evictLeastRecentlyUsedSessions,
  insertSession,
  listUserSessions,
} from './sessions.queries.js'
import {
  LoginBody,
  NewSessionSchema,
  SessionSchema,
  sessionFromRow,
  USER_AGENT_MAX_LENGTH,
} from './sessions.schemas.js'
import { hashToken, newSessionToken } from './tokens.js'

// Longer than any password registration accepts (256 code points are at most 1 KiB of UTF-16);
// refused before hashing so a huge body cannot buy a long argon2 run.
const LOGIN_PASSWORD_MAX_LENGTH = 1024

/** Login, logout and the caller's sessions: `/v1/sessions…`. */
export const sessionsRoutes: FastifyPluginAsyncTypebox<{ credentials: Credentials }> = async (
  app,
  { credentials },
) => {
  const { db, config } = app
  const invalidCredentials = () =>
    new ApiError('UNAUTHENTICATED', 'Email or password is incorrect', undefined, {
      'www-authenticate': 'Bearer',
    })

  app.post(
    '/sessions',
    {
      config: { auth: 'none', rateLimit: authAttemptsPerIp(config.authAttemptsPerIp) },
      schema: {
        tags: ['sessions'],
        summary: 'Log in',
        description:
          'Creates a session and returns its token in clear, this once; only its SHA-256 is stored. A wrong email and ' +
          'a wrong password give the same 401. Failed attempts are limited per account (LOGIN_FAILURE_LIMIT) and ' +
          'attempts per client address (AUTH_IP_LIMIT): 429 with Retry-After.',
        body: LoginBody,
        response: { 201: Envelope(NewSessionSchema), ...errorResponses(400, 401, 413, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const email = normalizeEmail(request.body.email)
      const { password } = request.body
      if (password.length > LOGIN_PASSWORD_MAX_LENGTH || email.length > 320) throw invalidCredentials()
      const user = await findUserByEmail(db, email)
      if (!(await checkAccountPassword(db, credentials, email, user, password)) || !user) {
        throw invalidCredentials()
      }

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
      await db.transaction().execute(async (trx) => {
        await insertSession(trx, row)
        await evictLeastRecentlyUsedSessions(trx, user.id, config.sessionsPerUserMax)
      })
      return reply.code(201).send(data({ ...sessionFromRow(row, row.id, config), token }))
    },
  )

  app.get(
    '/sessions',
    {
      schema: {
        tags: ['sessions'],
        summary: 'The caller’s sessions',
        description:
          'Newest first, with metadata; `current` marks the session making the request. Never a token.',
        security: TOKEN_SECURITY,
        querystring: PageQuery,
        response: { 200: ListEnvelope(SessionSchema), ...errorResponses(400, 401, 422) },
      },
    },
    async (request) => {
      const caller = callerOf(request)
      const page = await listUserSessions(db, caller.userId, pageRequest(request.query))
      return listBody(page, (row) => sessionFromRow(row, caller.sessionId, config))
    },
  )

  app.delete(
    '/sessions/others',
    {
      schema: {
        tags: ['sessions'],
        summary: 'Sign out everywhere else',
        description: 'Deletes every session of the caller except the one making this request. 204.',
        security: TOKEN_SECURITY,
        response: { 204: NoContent, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request)
      await deleteOtherUserSessions(db, caller.userId, caller.sessionId)
      return reply.code(204).send(null)
    },
  )

  app.delete(
    '/sessions/:id',
    {
      schema: {
        tags: ['sessions'],
        summary: 'Log out a session',
        description:
          'Deletes one of the caller’s sessions (the current one to log out); its token answers 401 afterwards. ' +
          'Another user’s session answers 404.',
        security: TOKEN_SECURITY,
        params: IdParams,
        response: { 204: NoContent, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request)
      if (!(await deleteUserSession(db, caller.userId, request.params.id))) throw notFound('Session')
      return reply.code(204).send(null)
    },
  )
}
