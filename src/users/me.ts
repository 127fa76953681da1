import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { UserRow } from '../db/tables.js'
import { errorResponses, fieldsError } from '../errors.js'
import { parseInclude } from '../http/include.js'
import { type Caller, callerOf, TOKEN_SECURITY } from '../http/caller.js'
import { preconditionFailed, replyNotModified, requiredVersion, versionEtag } from '../http/conditional.js'
import { data } from '../http/envelope.js'
import { Envelope, NotModified } from '../http/schemas.js'
import { DEFAULT_PAGE_SIZE } from '../db/pagination.js'
import { postFromRow } from '../posts/posts.schemas.js'
import { listPostsByAuthor } from '../posts/posts.queries.js'
import { listUserSessions } from '../sessions/sessions.queries.js'
import { sessionFromRow } from '../sessions/sessions.schemas.js'
import { appendEvents } from '../event-log/event-log.queries.js'
import { updateUser } from '../accounts/users.queries.js'
import { displayNameProblem, loadCaller, mergePreferences, profileOf } from './profile.js'
import { userUpdatedEvent } from './user-events.js'
import { ME_INCLUDABLE, MeQuery, MeSchema, UpdateMeBody, UserSchema, userFromRow } from './users.schemas.js'

/** `GET /v1/me` and `PATCH /v1/me`: the caller's profile, read and changed. */
export const meRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app

  /** `/me` with `include`: the profile and the first page of each list asked for. */
  async function profileWithLists(caller: Caller, includes: ReadonlySet<(typeof ME_INCLUDABLE)[number]>) {
    const firstPage = { limit: DEFAULT_PAGE_SIZE }
    const [sessions, posts] = await Promise.all([
      includes.has('sessions') ? listUserSessions(db, caller.userId, firstPage) : undefined,
      includes.has('posts') ? listPostsByAuthor(db, caller.userId, firstPage) : undefined,
    ])
    return data({
      ...profileOf(caller.user),
      ...(sessions
        ? { sessions: sessions.rows.map((row) => sessionFromRow(row, caller.sessionId, config)) }
        : {}),
      ...(posts ? { posts: posts.rows.map(postFromRow) } : {}),
    })
  }

  app.get(
    '/me',
    {
      schema: {
        tags: ['accounts'],
        summary: 'The caller’s profile',
        description:
          '`include=sessions,posts` embeds the first page of each list (follow `links` for more). Carries an ETag ' +
          '(If-None-Match → 304) when nothing is embedded.',
        security: TOKEN_SECURITY,
        querystring: MeQuery,
        response: { 200: Envelope(MeSchema), 304: NotModified, ...errorResponses(401, 422) },
      },
    },
    // Not async: the plain profile (the common case) is answered without a promise in between.
    (request, reply) => {
      const caller = callerOf(request)
      const includes = parseInclude(request.query.include, ME_INCLUDABLE)
      // Authentication read the account in the same statement as the session: no second query.
      const user = caller.user
      if (includes.size === 0) {
        // Sent already (304): a sync handler returns nothing.
        if (replyNotModified(request, reply, versionEtag(user.version, user.id))) return undefined
        return data(profileOf(user))
      }
      return profileWithLists(caller, includes)
    },
  )

  app.patch(
    '/me',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Change the caller’s profile',
        description:
          'Only `display_name` and `preferences` can change here (email and password cannot). `preferences` is ' +
          'merged key by key; a null value removes that key; the merged object is at most 16 KiB. Honours If-Match.',
        security: TOKEN_SECURITY,
        body: UpdateMeBody,
        response: { 200: Envelope(UserSchema), ...errorResponses(400, 401, 412, 413, 415, 422) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request)
      const nameIssue = displayNameProblem(request.body.display_name)
      if (nameIssue) throw fieldsError({ display_name: nameIssue })
      const user = await loadCaller(db, caller.userId)
      const expectedVersion = requiredVersion(request, user.version, user.id)
      const changes: Partial<Pick<UserRow, 'display_name' | 'preferences'>> = {}
      if (request.body.display_name !== undefined)
        changes.display_name = request.body.display_name?.trim() ?? null
      if (request.body.preferences !== undefined) {
        changes.preferences = mergePreferences(user.preferences, request.body.preferences)
      }
      const updated = await db.transaction().execute(async (trx) => {
        const changed = await updateUser(trx, user.id, changes, Date.now(), expectedVersion)
        if (!changed) throw preconditionFailed()
        await appendEvents(trx, [userUpdatedEvent(changed)])
        return changed
      })
      return reply.header('etag', versionEtag(updated.version, updated.id)).send(data(userFromRow(updated)))
    },
  )
}
