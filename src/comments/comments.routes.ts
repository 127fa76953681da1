import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import { findPostWithAttachment } from '../attachments/attachments.queries.js'
import { AttachmentPathParams } from '../attachments/attachments.schemas.js'
import { isForeignKeyViolation } from '../db/database.js'
import type { CommentRow, PostRow } from '../db/tables.js'
import { errorResponses, fieldsError, notFound } from '../errors.js'
import { callerOf, TOKEN_SECURITY, type Caller } from '../http/caller.js'
import {
  IF_MATCH,
  preconditionFailed,
  replyNotModified,
  requiredVersion,
  versionEtag,
} from '../http/conditional.js'
import { data, listBody } from '../http/envelope.js'
import { Envelope, IdParams, ListEnvelope, NoContent, NotModified, PageQuery } from '../http/schemas.js'
import { commentLinks } from '../http/links.js'
import { pageRequest } from '../db/pagination.js'
import {
  assertCommentAuthor,
  commentDeletionRight,
  hiddenRowsShown,
  visibleComment as visibleCommentOf,
  visiblePost,
  visiblePostAttachment,
} from '../http/permissions.js'
import { audited } from '../audit/audit.js'
import { perUserLimit } from '../rate-limits/rate-limits.js'
import { newId } from '../ids.js'
import { appendEvents } from '../event-log/event-log.queries.js'
import { onPostEvent } from '../posts/post-events.js'
import { removeComment } from './removal.js'
import { findPostById } from '../posts/posts.queries.js'
import { textProblem } from '../http/text.js'
import {
  findCommentWithPost,
  type CommentWithAuthor,
  insertComment,
  listAttachmentComments,
  listPostComments,
  updateComment,
} from './comments.queries.js'
import { CommentBody, CommentSchema, commentFromRow, UpdateCommentBody } from './comments.schemas.js'

const COMMENT_LIMIT =
  'Each user may write USER_COMMENT_LIMIT comments per window, on posts and attachments together (default 60 a ' +
  'minute; every well-formed request counts, even one refused later): beyond, 429 RATE_LIMITED with ' +
  'Retry-After. Every answer carries RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset.'

/** A comment's text, or one 422 naming `body` when it is blank or not storable. */
function checkedText(body: string): string {
  const problem = textProblem(body, { allowBlank: false })
  if (problem) throw fieldsError({ body: problem })
  return body
}

/** Comments on posts and on attachments (nested create and list), and `/v1/comments/{id}`. */
export const commentsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app
  // One budget for comments on posts and on attachments.
  const commentLimit = perUserLimit(config.commentsPerUser, 'comments', 'comments written')

  /** Stores a new comment; a post or attachment deleted meanwhile answers 404. */
  async function addComment(
    caller: Caller,
    post: PostRow,
    attachmentId: string | null,
    body: string,
  ): Promise<CommentWithAuthor> {
    const now = Date.now()
    const row: CommentRow = {
      id: newId(now),
      post_id: post.id,
      attachment_id: attachmentId,
      user_id: caller.userId,
      body,
      version: 1,
      created_at: now,
      updated_at: now,
      hidden: 0,
      hidden_at: null,
      hidden_reason: null,
    }
    const withAuthor = { ...row, author_display_name: caller.user.display_name }
    try {
      await db.transaction().execute(async (trx) => {
        await insertComment(trx, row)
        await appendEvents(trx, [onPostEvent('comment.created', post, commentFromRow(withAuthor))])
      })
    } catch (error) {
      if (isForeignKeyViolation(error)) throw notFound(attachmentId === null ? 'Post' : 'Attachment')
      throw error
    }
    return withAuthor
  }

  /** A comment and its post, if the caller may see both; 404 otherwise. */
  async function visibleComment(
    caller: Caller | null,
    id: string,
  ): Promise<{ comment: CommentWithAuthor; post: PostRow }> {
    return visibleCommentOf(caller, await findCommentWithPost(db, id))
  }

  app.post(
    '/posts/:id/comments',
    {
      config: { rateLimit: commentLimit },
      schema: {
        tags: ['comments'],
        summary: 'Comment on a post',
        description:
          'Any signed-in user who can see the post. `body`: 1–10,000 characters, not only spaces. 201 with the ' +
          `comment, its ETag and Location. ${COMMENT_LIMIT}`,
        security: TOKEN_SECURITY,
        params: IdParams,
        body: CommentBody,
        response: { 201: Envelope(CommentSchema), ...errorResponses(400, 401, 404, 413, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request)
      const body = checkedText(request.body.body)
      const post = visiblePost(caller, await findPostById(db, request.params.id))
      const row = await addComment(caller, post, null, body)
      return reply
        .code(201)
        .header('etag', versionEtag(row.version))
        .header('location', commentLinks(row).self)
        .send(data(commentFromRow(row)))
    },
  )

  app.get(
    '/posts/:id/comments',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['comments'],
        summary: 'List a post’s comments',
        description:
          'The comments made directly on the post (those on its attachments are listed under each attachment), ' +
          'newest first, for anyone who can see the post. Comments a moderator hid are left out except for their own ' +
          'author and holders of `comments:moderate` (the post’s author does not see others’ hidden comments). Paginated like every list (`limit`, `pagetoken`, `from`).',
        security: [...TOKEN_SECURITY, {}],
        params: IdParams,
        querystring: PageQuery,
        response: { 200: ListEnvelope(CommentSchema), ...errorResponses(400, 401, 404, 422) },
      },
    },
    async (request) => {
      const post = visiblePost(request.caller, await findPostById(db, request.params.id))
      const shown = hiddenRowsShown(request.caller, 'comments:moderate')
      const page = await listPostComments(db, post.id, pageRequest(request.query), shown)
      return listBody(page, commentFromRow)
    },
  )

  app.post(
    '/posts/:id/attachments/:aid/comments',
    {
      config: { rateLimit: commentLimit },
      schema: {
        tags: ['comments'],
        summary: 'Comment on an attachment',
        description:
          'Any signed-in user who can see the post. `body`: 1–10,000 characters, not only spaces. 201 with the ' +
          `comment (its \`attachment_id\` set), its ETag and Location. ${COMMENT_LIMIT}`,
        security: TOKEN_SECURITY,
        params: AttachmentPathParams,
        body: CommentBody,
        response: { 201: Envelope(CommentSchema), ...errorResponses(400, 401, 404, 413, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request)
      const body = checkedText(request.body.body)
      const { post, attachment } = visiblePostAttachment(
        caller,
        await findPostWithAttachment(db, request.params.id, request.params.aid),
      )
      const row = await addComment(caller, post, attachment.id, body)
      return reply
        .code(201)
        .header('etag', versionEtag(row.version))
        .header('location', commentLinks(row).self)
        .send(data(commentFromRow(row)))
    },
  )

  app.get(
    '/posts/:id/attachments/:aid/comments',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['comments'],
        summary: 'List an attachment’s comments',
        description:
          'Newest first, for anyone who can see the post; hidden comments as on a post’s list. Paginated like every list (`limit`, `pagetoken`, `from`).',
        security: [...TOKEN_SECURITY, {}],
        params: AttachmentPathParams,
        querystring: PageQuery,
        response: { 200: ListEnvelope(CommentSchema), ...errorResponses(400, 401, 404, 422) },
      },
    },
    async (request) => {
      const { attachment } = visiblePostAttachment(
        request.caller,
        await findPostWithAttachment(db, request.params.id, request.params.aid),
      )
      const shown = hiddenRowsShown(request.caller, 'comments:moderate')
      const page = await listAttachmentComments(db, attachment.id, pageRequest(request.query), shown)
      return listBody(page, commentFromRow)
    },
  )

  app.get(
    '/comments/:id',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['comments'],
        summary: 'Read a comment',
        description:
          'For anyone who can see its post (a hidden comment: its author and holders of `comments:moderate`). Not in the original route table: it lets a client fetch the comment’s ' +
          'ETag before a conditional PATCH, PUT or DELETE. If-None-Match → 304.',
        security: [...TOKEN_SECURITY, {}],
        params: IdParams,
        response: { 200: Envelope(CommentSchema), 304: NotModified, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const { comment } = await visibleComment(request.caller, request.params.id)
      if (replyNotModified(request, reply, versionEtag(comment.version))) return reply
      return data(commentFromRow(comment))
    },
  )

  /** Applies a PATCH or PUT: 404 if the caller cannot see it, 403 if not theirs, 412 if stale. */
  async function changeComment(
    request: FastifyRequest,
    id: string,
    body: string | undefined,
  ): Promise<CommentWithAuthor> {
    const caller = callerOf(request)
    const text = body === undefined ? undefined : checkedText(body)
    const { comment, post } = await visibleComment(caller, id)
    assertCommentAuthor(caller, comment)
    const expectedVersion = requiredVersion(request, comment.version)
    if (text === undefined) return comment
    return db.transaction().execute(async (trx) => {
      const updated = await updateComment(trx, comment.id, text, Date.now(), expectedVersion)
      if (!updated) throw expectedVersion === undefined ? notFound('Comment') : preconditionFailed()
      const withAuthor = { ...updated, author_display_name: comment.author_display_name }
      await appendEvents(trx, [
        onPostEvent(
          'comment.updated',
          post,
          commentFromRow(withAuthor),
          withAuthor.hidden === 0 ? undefined : withAuthor.user_id,
        ),
      ])
      return withAuthor
    })
  }

  app.patch(
    '/comments/:id',
    {
      schema: {
        tags: ['comments'],
        summary: 'Change part of a comment',
        description: `Only the comment’s author; only the fields given change (\`body\`). ${IF_MATCH}`,
        security: TOKEN_SECURITY,
        params: IdParams,
        body: UpdateCommentBody,
        response: {
          200: Envelope(CommentSchema),
          ...errorResponses(400, 401, 403, 404, 412, 413, 415, 422),
        },
      },
    },
    async (request, reply) => {
      const comment = await changeComment(request, request.params.id, request.body.body)
      return reply.header('etag', versionEtag(comment.version)).send(data(commentFromRow(comment)))
    },
  )

  app.put(
    '/comments/:id',
    {
      schema: {
        tags: ['comments'],
        summary: 'Replace a comment',
        description: `Only the comment’s author; \`body\` is required (400 without it). ${IF_MATCH}`,
        security: TOKEN_SECURITY,
        params: IdParams,
        body: CommentBody,
        response: {
          200: Envelope(CommentSchema),
          ...errorResponses(400, 401, 403, 404, 412, 413, 415, 422),
        },
      },
    },
    async (request, reply) => {
      const comment = await changeComment(request, request.params.id, request.body.body)
      return reply.header('etag', versionEtag(comment.version)).send(data(commentFromRow(comment)))
    },
  )

  app.delete(
    '/comments/:id',
    {
      schema: {
        tags: ['comments'],
        summary: 'Delete a comment',
        description:
          'The comment’s author, the post’s author, or a holder of `comments:moderate` (moderators and admins; ' +
          `their deletion is written to the audit log as \`comment.delete\`). 204. ${IF_MATCH}`,
        security: TOKEN_SECURITY,
        params: IdParams,
        response: { 204: NoContent, ...errorResponses(401, 403, 404, 412) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request)
      const { comment, post } = await visibleComment(caller, request.params.id)
      const right = commentDeletionRight(caller, comment, post)
      const expectedVersion = requiredVersion(request, comment.version)
      await audited(db, request.log, async (trx) => {
        if (!(await removeComment(trx, post, comment, expectedVersion))) {
          throw expectedVersion === undefined ? notFound('Comment') : preconditionFailed()
        }
        const entries =
          right === 'moderator'
            ? [
                {
                  actorId: caller.userId,
                  action: 'comment.delete' as const,
                  targetType: 'comment' as const,
                  targetId: comment.id,
                },
              ]
            : []
        return { result: undefined, entries }
      })
      return reply.code(204).send(null)
    },
  )
}
