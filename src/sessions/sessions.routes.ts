import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { errorResponses, notFound } from '../errors.js'
import { callerOf, TOKEN_SECURITY } from '../http/caller.js'
import { listBody } from '../http/envelope.js'
import { IdParams, ListEnvelope, NoContent, PageQuery } from '../http/schemas.js'
import { pageRequest } from '../db/pagination.js'
import { logSecurityEvent } from '../security-events.js'
import type { Credentials } from '../accounts/credentials.js'
import { deleteOtherUserSessions, deleteUserSession, listUserSessions } from './sessions.queries.js'
import { SessionSchema, sessionFromRow } from './sessions.schemas.js'
import { sessionDeletedEvents } from './session-events.js'
import { appendEvents } from '../event-log/event-log.queries.js'
import { loginRoute } from './login.js'

/** Login, logout and the caller's sessions: `/v1/sessions…`. */
export const sessionsRoutes: FastifyPluginAsyncTypebox<{ credentials: Credentials }> = async (
  app,
  { credentials },
) => {
  await app.register(loginRoute, { credentials })
  const { db, config } = app

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
      const revoked = await db.transaction().execute(async (trx) => {
        const ids = await deleteOtherUserSessions(trx, caller.userId, caller.sessionId)
        await appendEvents(trx, sessionDeletedEvents(caller.userId, ids))
        return ids.length
      })
      logSecurityEvent(request.log, 'session.revoked', { userId: caller.userId }, { others: revoked })
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
      await db.transaction().execute(async (trx) => {
        if (!(await deleteUserSession(trx, caller.userId, request.params.id))) throw notFound('Session')
        await appendEvents(trx, sessionDeletedEvents(caller.userId, [request.params.id]))
      })
      logSecurityEvent(
        request.log,
        'session.revoked',
        { userId: caller.userId },
        { session_id: request.params.id },
      )
      return reply.code(204).send(null)
    },
  )
}
