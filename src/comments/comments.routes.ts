import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import type { PostRow } from '../db/tables.js'
import { errorResponses, notFound } from '../errors.js'
import { callerOf, TOKEN_SECURITY, type Caller } from '../http/caller.js'
import {
  IF_MATCH,
  preconditionFailed,
  replyNotModified,
  requiredVersion,
  versionEtag,
} from '../http/conditional.js'
import { data } from '../http/envelope.js'
import { Envelope, IdParams, NoContent, NotModified } from '../http/schemas.js'
import {
  assertCommentAuthor,
  commentDeletionRight,
  visibleComment as visibleCommentOf,
} from '../http/permissions.js'
import { audited } from '../audit/audit.js'
import { appendEvents } from '../event-log/event-log.queries.js'
import { onPostEvent } from '../posts/post-events.js'
import { removeComment } from './removal.js'
import { findCommentWithPost, type CommentWithAuthor, updateComment } from './comments.queries.js'
import { CommentBody, CommentSchema, commentFromRow, UpdateCommentBody } from './comments.schemas.js'
import { checkedText, postCommentsRoutes } from './post-comments.js'

/** Comments on posts and on attachments (nested create and list), and `/v1/comments/{id}`. */
export const commentsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(postCommentsRoutes)
  const { db } = app

  /** A comment and its post, if the caller may see both; 404 otherwise. */
  async function visibleComment(
    caller: Caller | null,
    id: string,
  ): Promise<{ comment: CommentWithAuthor; post: PostRow }> {
    return visibleCommentOf(caller, await findCommentWithPost(db, id))
  }

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
