import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import type { PostRow } from '../db/tables.js'
import { ApiError, errorResponses, fieldsError, notFound, type FieldErrors } from '../errors.js'
import { callerOf, TOKEN_SECURITY } from '../http/caller.js'
import {
  IF_MATCH,
  preconditionFailed,
  replyNotModified,
  requiredVersion,
  versionEtag,
} from '../http/conditional.js'
import { data, listBody, replyCreated } from '../http/envelope.js'
import { Envelope, IdParams, ListEnvelope, NoContent, NotModified, PageQuery } from '../http/schemas.js'
import { postLinks } from '../http/links.js'
import { pageRequest } from '../db/pagination.js'
import { assertPostAuthor, can, postDeletionRight, visiblePost } from '../http/permissions.js'
import { audited } from '../audit/audit.js'
import { perUserLimit } from '../rate-limits/rate-limits.js'
import { textProblem } from '../http/text.js'
import { isUuid, newId } from '../ids.js'
import { removePost } from './removal.js'
import { appendEvents } from '../event-log/event-log.queries.js'
import {
  findPostById,
  insertPostWithEvent,
  listPostsByAuthor,
  listPostsVisibleTo,
  listPublicPosts,
  listPublicPostsByAuthor,
  updatePost,
  type PostChanges,
  type PostWithAuthor,
} from './posts.queries.js'
import {
  CreatePostBody,
  PostListQuery,
  PostSchema,
  postFromRow,
  ReplacePostBody,
  titleProblem,
  UpdatePostBody,
} from './posts.schemas.js'
import { eventVisibility, postEvent } from './post-events.js'

/** Checks a create or update's text fields together (one 422 listing every failure) and trims the title. */
function checkedChanges(body: PostChanges): PostChanges {
  const fields: FieldErrors = {}
  const titleIssue = body.title === undefined ? undefined : titleProblem(body.title)
  if (titleIssue) fields['title'] = titleIssue
  const bodyIssue = body.body === undefined ? undefined : textProblem(body.body, { allowBlank: true })
  if (bodyIssue) fields['body'] = bodyIssue
  if (Object.keys(fields).length > 0) throw fieldsError(fields)
  const changes: PostChanges = {}
  if (body.title !== undefined) changes.title = body.title.trim()
  if (body.body !== undefined) changes.body = body.body
  if (body.visibility !== undefined) changes.visibility = body.visibility
  return changes
}

/** Posts: `/v1/posts…` and the caller's own list, `/v1/me/posts`. */
export const postsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app

  /** Applies a PATCH or PUT: 404 if the caller cannot see the post, 403 if it is not theirs, 412 if stale. */
  async function changePost(request: FastifyRequest, id: string, body: PostChanges): Promise<PostWithAuthor> {
    const caller = callerOf(request)
    const changes = checkedChanges(body)
    const post = visiblePost(caller, await findPostById(db, id))
    assertPostAuthor(caller, post)
    const expectedVersion = requiredVersion(request, post.version)
    if (Object.keys(changes).length === 0) return post
    return db.transaction().execute(async (trx) => {
      const updated = await updatePost(trx, post.id, changes, Date.now(), expectedVersion)
      if (!updated) throw expectedVersion === undefined ? notFound('Post') : preconditionFailed()
      const withAuthor = { ...updated, author_display_name: post.author_display_name }
      await appendEvents(trx, [postEvent('post.updated', withAuthor, eventVisibility(post))])
      return withAuthor
    })
  }

  app.post(
    '/posts',
    {
      config: { rateLimit: perUserLimit(config.postsPerUser, 'posts', 'posts created') },
      schema: {
        tags: ['posts'],
        summary: 'Create a post',
        description:
          'The caller becomes its author. `title` is required (1–200 characters, one line, trimmed); `body` (at most ' +
          '100,000 characters) defaults to "" and `visibility` to "public". Answers 201 with the post, its ETag and ' +
          'its Location. Each user may create USER_POST_LIMIT posts per window (default 30 a minute; every ' +
          'well-formed request counts, even one refused later): beyond, 429 RATE_LIMITED with Retry-After. Every ' +
          'answer carries RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset.',
        security: TOKEN_SECURITY,
        body: CreatePostBody,
        response: { 201: Envelope(PostSchema), ...errorResponses(400, 401, 413, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request)
      const changes = checkedChanges(request.body)
      const now = Date.now()
      const row: PostRow = {
        id: newId(now),
        user_id: caller.userId,
        title: changes.title ?? '',
        body: changes.body ?? '',
        visibility: changes.visibility ?? 'public',
        cover_attachment_id: null,
        version: 1,
        created_at: now,
        updated_at: now,
        hidden: 0,
        hidden_at: null,
        hidden_reason: null,
      }
      const withAuthor = { ...row, author_display_name: caller.user.display_name }
      const event = postEvent('post.created', withAuthor)
      // One atomic write with its event: no transaction (insertWithEvent).
      await insertPostWithEvent(db, row, event)
      return replyCreated(reply, {
        version: row.version,
        location: postLinks(row).self,
        json: event.data,
      })
    },
  )

  app.get(
    '/posts',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['posts'],
        summary: 'List posts',
        description:
          'Every public post plus, with a token, the caller’s own private ones; newest first. Posts a moderator hid ' +
          'are left out except for their author and holders of `posts:moderate`. `user` narrows the ' +
          'list to one author (a malformed ID is a 400, an unknown one an empty list). Paginated by `pagetoken` ' +
          '(follow `next_page_token`) or by `from`; `limit` 1–100, default 20. No token needed.',
        security: [...TOKEN_SECURITY, {}],
        querystring: PostListQuery,
        response: { 200: ListEnvelope(PostSchema), ...errorResponses(400, 401, 422) },
      },
    },
    async (request) => {
      const { user, ...pageQuery } = request.query
      const page = pageRequest(pageQuery)
      const callerId = request.caller?.userId
      const withHidden = can(request.caller, 'posts:moderate')
      if (user !== undefined && !isUuid(user)) {
        throw new ApiError('BAD_REQUEST', 'user must be a user ID', { user: 'must be a user ID (a UUID)' })
      }
      const authorId = user?.toLowerCase()
      const rows =
        authorId === undefined
          ? callerId === undefined
            ? await listPublicPosts(db, page, withHidden)
            : await listPostsVisibleTo(db, callerId, page, withHidden)
          : authorId === callerId
            ? await listPostsByAuthor(db, authorId, page)
            : await listPublicPostsByAuthor(db, authorId, page, withHidden)
      return listBody(rows, postFromRow)
    },
  )

  app.get(
    '/me/posts',
    {
      schema: {
        tags: ['posts'],
        summary: 'The caller’s posts',
        description:
          'Every post the caller wrote, public and private, newest first. Paginated like every list (`limit`, ' +
          '`pagetoken`, `from`).',
        security: TOKEN_SECURITY,
        querystring: PageQuery,
        response: { 200: ListEnvelope(PostSchema), ...errorResponses(400, 401, 422) },
      },
    },
    async (request) => {
      const caller = callerOf(request)
      return listBody(await listPostsByAuthor(db, caller.userId, pageRequest(request.query)), postFromRow)
    },
  )

  app.get(
    '/posts/:id',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['posts'],
        summary: 'Read a post',
        description:
          'A public post, or the caller’s own private one; anything else (including another user’s private post, ' +
          'and a hidden post unless the caller wrote it or holds `posts:moderate`) is a 404. Carries an ETag; `If-None-Match` with it answers 304.',
        security: [...TOKEN_SECURITY, {}],
        params: IdParams,
        response: { 200: Envelope(PostSchema), 304: NotModified, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const post = visiblePost(request.caller, await findPostById(db, request.params.id))
      if (replyNotModified(request, reply, versionEtag(post.version))) return reply
      return data(postFromRow(post))
    },
  )

  app.patch(
    '/posts/:id',
    {
      schema: {
        tags: ['posts'],
        summary: 'Change part of a post',
        description:
          `Only the author; only the fields given change (\`title\`, \`body\`, \`visibility\`). ${IF_MATCH} ` +
          'Another user’s public post answers 403, their private one 404.',
        security: TOKEN_SECURITY,
        params: IdParams,
        body: UpdatePostBody,
        response: { 200: Envelope(PostSchema), ...errorResponses(400, 401, 403, 404, 412, 413, 415, 422) },
      },
    },
    async (request, reply) => {
      const post = await changePost(request, request.params.id, request.body)
      return reply.header('etag', versionEtag(post.version)).send(data(postFromRow(post)))
    },
  )

  app.put(
    '/posts/:id',
    {
      schema: {
        tags: ['posts'],
        summary: 'Replace a post',
        description: `Only the author; \`title\`, \`body\` and \`visibility\` are all required (a missing one is a 400). ${IF_MATCH}`,
        security: TOKEN_SECURITY,
        params: IdParams,
        body: ReplacePostBody,
        response: { 200: Envelope(PostSchema), ...errorResponses(400, 401, 403, 404, 412, 413, 415, 422) },
      },
    },
    async (request, reply) => {
      const post = await changePost(request, request.params.id, request.body)
      return reply.header('etag', versionEtag(post.version)).send(data(postFromRow(post)))
    },
  )

  app.delete(
    '/posts/:id',
    {
      schema: {
        tags: ['posts'],
        summary: 'Delete a post',
        description:
          'The author, or a holder of `posts:moderate` (moderators and admins; their deletion is written to the ' +
          'audit log as `post.delete`). The post’s attachments and comments are deleted with it, in the same ' +
          'transaction, and the attachments’ sizes are given back to the author’s storage quota. 204. ' +
          IF_MATCH,
        security: TOKEN_SECURITY,
        params: IdParams,
        response: { 204: NoContent, ...errorResponses(401, 403, 404, 412) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request)
      const post = visiblePost(caller, await findPostById(db, request.params.id))
      const right = postDeletionRight(caller, post)
      const expectedVersion = requiredVersion(request, post.version)
      await audited(db, request.log, async (trx) => {
        if (!(await removePost(trx, post, expectedVersion))) {
          throw expectedVersion === undefined ? notFound('Post') : preconditionFailed()
        }
        const entries =
          right === 'moderator'
            ? [
                {
                  actorId: caller.userId,
                  action: 'post.delete' as const,
                  targetType: 'post' as const,
                  targetId: post.id,
                },
              ]
            : []
        return { result: undefined, entries }
      })
      return reply.code(204).send(null)
    },
  )
}
