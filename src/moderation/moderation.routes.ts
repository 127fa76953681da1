import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { audited } from '../audit/audit.js'
import { findCommentWithPost } from '../comments/comments.queries.js'
import { CommentSchema, commentFromRow } from '../comments/comments.schemas.js'
import { errorResponses, notFound } from '../errors.js'
import { callerOf, TOKEN_SECURITY } from '../http/caller.js'
import { versionEtag } from '../http/conditional.js'
import { data } from '../http/envelope.js'
import { absentBodyIsEmpty } from '../http/json-body.js'
import { HideBody } from '../http/moderation.js'
import { checkedOptionalText } from '../http/text.js'
import { requirePermission, visibleComment, visiblePost } from '../http/permissions.js'
import { Envelope, IdParams } from '../http/schemas.js'
import { findPostById } from '../posts/posts.queries.js'
import { hideComment, hidePost } from './hiding.js'
import { PostSchema, postFromRow } from '../posts/posts.schemas.js'

// Hiding and showing again posts and comments: `/v1/posts/{id}/hide|unhide`, `/v1/comments/{id}/hide|unhide`.
// Each action is audited in its own transaction; a report resolved with `hide` does the same from
// reports/.

const HIDDEN_POST =
  'A hidden post disappears from every list and read for everyone but its author (who sees it with ' +
  '`moderation` set) and holders of `posts:moderate`; so do its attachments, their downloads and its comments.'
const HIDDEN_COMMENT =
  'A hidden comment disappears from every list and read for everyone but its own author (who sees it with ' +
  '`moderation` set) and holders of `comments:moderate`; the post’s author does not see it either.'
const HIDE_ERRORS = errorResponses(400, 401, 403, 404, 413, 415, 422)

/** Moderators' hide and unhide actions on posts and comments. */
export const moderationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app

  for (const action of ['hide', 'unhide'] as const) {
    const hiding = action === 'hide'

    app.post(
      `/posts/:id/${action}`,
      {
        preValidation: absentBodyIsEmpty,
        schema: {
          tags: ['moderation'],
          summary: hiding ? 'Hide a post' : 'Show a hidden post again',
          description:
            'Needs the `posts:moderate` permission (moderators and admins): others get 403, anonymous callers ' +
            `401. ${hiding ? HIDDEN_POST + ' `reason` (optional, at most 1,000 characters) is shown to the author. ' : ''}` +
            `Answers 200 with the post. Written to the audit log as \`post.${action}\`. A private post of another ` +
            'user is a 404, as for anyone.',
          security: TOKEN_SECURITY,
          params: IdParams,
          ...(hiding ? { body: HideBody } : {}),
          response: { 200: Envelope(PostSchema), ...HIDE_ERRORS },
        },
      },
      async (request, reply) => {
        const caller = requirePermission(callerOf(request), 'posts:moderate')
        const post = visiblePost(caller, await findPostById(db, request.params.id))
        const reason = hiding
          ? checkedOptionalText((request.body as { reason?: string } | undefined)?.reason, 'reason')
          : null
        const updated = await audited(db, request.log, async (trx) => {
          const row = await hidePost(trx, post, hiding ? { at: Date.now(), reason } : null)
          if (!row) throw notFound('Post')
          const entry = {
            actorId: caller.userId,
            action: `post.${action}` as const,
            targetType: 'post' as const,
          }
          return { result: row, entries: [{ ...entry, targetId: row.id, note: reason }] }
        })
        return reply.header('etag', versionEtag(updated.version)).send(data(postFromRow(updated)))
      },
    )

    app.post(
      `/comments/:id/${action}`,
      {
        preValidation: absentBodyIsEmpty,
        schema: {
          tags: ['moderation'],
          summary: hiding ? 'Hide a comment' : 'Show a hidden comment again',
          description:
            'Needs the `comments:moderate` permission (moderators and admins): others get 403, anonymous callers ' +
            `401. ${hiding ? HIDDEN_COMMENT + ' `reason` (optional, at most 1,000 characters) is shown to the author. ' : ''}` +
            `Answers 200 with the comment. Written to the audit log as \`comment.${action}\`.`,
          security: TOKEN_SECURITY,
          params: IdParams,
          ...(hiding ? { body: HideBody } : {}),
          response: { 200: Envelope(CommentSchema), ...HIDE_ERRORS },
        },
      },
      async (request, reply) => {
        const caller = requirePermission(callerOf(request), 'comments:moderate')
        const { comment, post } = visibleComment(caller, await findCommentWithPost(db, request.params.id))
        const reason = hiding
          ? checkedOptionalText((request.body as { reason?: string } | undefined)?.reason, 'reason')
          : null
        const updated = await audited(db, request.log, async (trx) => {
          const row = await hideComment(trx, post, comment, hiding ? { at: Date.now(), reason } : null)
          if (!row) throw notFound('Comment')
          const entry = {
            actorId: caller.userId,
            action: `comment.${action}` as const,
            targetType: 'comment' as const,
          }
          return { result: row, entries: [{ ...entry, targetId: row.id, note: reason }] }
        })
        return reply.header('etag', versionEtag(updated.version)).send(data(commentFromRow(updated)))
      },
    )
  }
}
