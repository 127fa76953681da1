import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyReply } from 'fastify'
import { findPostWithAttachment } from '../attachments/attachments.queries.js'
import { AttachmentPathParams } from '../attachments/attachments.schemas.js'
import { isForeignKeyViolation } from '../db/database.js'
import type { CommentRow } from '../db/tables.js'
import { errorResponses, fieldsError, notFound } from '../errors.js'
import { callerOf, TOKEN_SECURITY, type Caller } from '../http/caller.js'
import { listBody, replyCreated } from '../http/envelope.js'
import { Envelope, IdParams, ListEnvelope, PageQuery } from '../http/schemas.js'
import { commentLinks } from '../http/links.js'
import { pageRequest } from '../db/pagination.js'
import { hiddenRowsShown, visiblePost, visiblePostAttachment } from '../http/permissions.js'
import { perUserLimit } from '../rate-limits/rate-limits.js'
import { newId } from '../ids.js'
import { onPostEvent } from '../posts/post-events.js'
import type { PostAccessRow } from '../posts/posts.queries.js'
import { serializerFor } from '../http/serialization.js'
import { textProblem } from '../http/text.js'
import {
  type CommentWithAuthor,
  insertCommentWithEvent,
  listAttachmentComments,
  listPostComments,
} from './comments.queries.js'
import { CommentBody, CommentSchema, commentFromRow } from './comments.schemas.js'

const COMMENT_LIMIT =
  'Each user may write USER_COMMENT_LIMIT comments per window, on posts and attachments together (default 60 a ' +
  'minute; every well-formed request counts, even one refused later): beyond, 429 RATE_LIMITED with ' +
  'Retry-After. Every answer carries RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset.'

/** A comment's text, or one 422 naming `body` when it is blank or not storable. */
export function checkedText(body: string): string {
  const problem = textProblem(body, { allowBlank: false })
  if (problem) throw fieldsError({ body: problem })
  return body
}

// A new comment is serialized once, for its live event and for the 201.
const commentJson = serializerFor(CommentSchema)

/** A new comment, as stored, and as JSON text (its answer's and its event's `data`). */
interface NewComment {
  row: CommentWithAuthor
  json: string
}

/** The 201 of a new comment, on a post or an attachment. */
function replyWithComment(reply: FastifyReply, { row, json }: NewComment): FastifyReply {
  return replyCreated(reply, { version: row.version, location: commentLinks(row).self, json })
}

/** Comments on a post and on one of its attachments: writing one, and listing them. */
export const postCommentsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config, postAccess } = app
  // One budget for comments on posts and on attachments.
  const commentLimit = perUserLimit(config.commentsPerUser, 'comments', 'comments written')

  /** Stores a new comment; a post or attachment deleted meanwhile answers 404. */
  async function addComment(
    caller: Caller,
    post: PostAccessRow,
    attachmentId: string | null,
    body: string,
  ): Promise<NewComment> {
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
    const json = commentJson(commentFromRow(withAuthor))
    try {
      // One atomic write with its event: no transaction (insertWithEvent).
      await insertCommentWithEvent(db, row, onPostEvent('comment.created', post, json))
    } catch (error) {
      if (isForeignKeyViolation(error)) throw notFound(attachmentId === null ? 'Post' : 'Attachment')
      throw error
    }
    return { row: withAuthor, json }
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
      const post = visiblePost(caller, await postAccess.find(request.params.id))
      return replyWithComment(reply, await addComment(caller, post, null, body))
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
      const post = visiblePost(request.caller, await postAccess.find(request.params.id))
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
      return replyWithComment(reply, await addComment(caller, post, attachment.id, body))
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
}
