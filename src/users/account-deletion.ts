import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { errorResponses, fieldsError } from '../errors.js'
import { callerOf, TOKEN_SECURITY } from '../http/caller.js'
import { NoContent } from '../http/schemas.js'
import { deletePostsByAuthor } from '../posts/posts.queries.js'
import { onPostEvent, postDeletedEvent } from '../posts/post-events.js'
import { findCommentsOnOthersPosts } from '../comments/comments.queries.js'
import { appendEvents } from '../event-log/event-log.queries.js'
import { logSecurityEvent } from '../security-events.js'
import { lockStorage } from '../storage/storage.queries.js'
import { checkAccountPassword, type Credentials } from '../accounts/credentials.js'
import { deleteUser, lockUserForDeletion } from '../accounts/users.queries.js'
import { loadCaller } from './profile.js'
import { DeleteMeBody } from './users.schemas.js'

/** `DELETE /v1/me`: the account with everything it wrote, behind its password. */
export const accountDeletionRoute: FastifyPluginAsyncTypebox<{ credentials: Credentials }> = async (
  app,
  { credentials },
) => {
  const { db } = app

  app.delete(
    '/me',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Delete the caller’s account',
        description:
          'Needs the password. Deletes the account with all its sessions, posts, attachments and comments. 204.',
        security: TOKEN_SECURITY,
        body: DeleteMeBody,
        response: { 204: NoContent, ...errorResponses(400, 401, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request)
      const user = await loadCaller(db, caller.userId)
      const attempt = { email: user.email, clientAddress: request.ip, log: request.log }
      if (!(await checkAccountPassword(db, credentials, attempt, user, request.body.password))) {
        logSecurityEvent(request.log, 'auth.login.failed', { userId: user.id }, { route: 'account deletion' })
        throw fieldsError({ password: 'is incorrect' })
      }
      await db.transaction().execute(async (trx) => {
        // The rows in the order every other writer takes them: the account's row first, without
        // blocking a comment's foreign-key check (storage.queries.ts), then its posts, and only then
        // the account itself. A comment checks its post, then its author: deleting the account in one
        // statement took the author's row for good before reaching the posts, and deadlocked on
        // PostgreSQL with a comment being written on one of them.
        await lockStorage(trx, user.id)
        const posts = await deletePostsByAuthor(trx, user.id)
        // Only now the account's row for good (a post or comment being written by the account then
        // commits first, and none starts after), so what is read next is all that goes with it: the
        // posts written since the statement above, and its comments on others' posts (a cascade takes
        // them: their events are read here). Comments by others on its posts need no event of their
        // own: each post's `post.deleted` ends its topic, and its comments with it.
        await lockUserForDeletion(trx, user.id)
        posts.push(...(await deletePostsByAuthor(trx, user.id)))
        const comments = await findCommentsOnOthersPosts(trx, user.id)
        await deleteUser(trx, user.id)
        // Last, as every writer appends (event-log.queries.ts).
        await appendEvents(trx, [
          ...posts.map(postDeletedEvent),
          ...comments.map((comment) =>
            onPostEvent(
              'comment.deleted',
              {
                id: comment.post_id,
                user_id: comment.post_user_id,
                visibility: comment.visibility,
                hidden: comment.hidden,
              },
              { id: comment.id, post_id: comment.post_id },
              comment.comment_hidden === 0 ? undefined : user.id,
            ),
          ),
        ])
      })
      logSecurityEvent(request.log, 'account.deleted', { userId: user.id })
      return reply.code(204).send(null)
    },
  )
}
