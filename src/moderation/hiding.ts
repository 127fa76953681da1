import type { Db } from '../db/database.js'
import type { PostRow } from '../db/tables.js'
import { appendEvents } from '../event-log/event-log.queries.js'
import { setCommentHidden, type CommentWithAuthor } from '../comments/comments.queries.js'
import { commentFromRow } from '../comments/comments.schemas.js'
import { setPostHidden, type PostWithAuthor } from '../posts/posts.queries.js'
import { commentDeletedEvent, eventVisibility, onPostEvent, postEvent } from '../posts/post-events.js'

// Hiding and showing again, with their live events, in the caller's transaction: one place, so the
// hide/unhide routes and a report resolved with `hide` agree. Those who lose sight of the item receive
// its deletion, those who regain it its creation; its author keeps receiving it as updated.

/** When and why a moderator hides something; null shows it again. */
type Hiding = { at: number; reason: string | null } | null

/** Hides or shows a post; the post as it is now (with its author), undefined when it is gone. */
export async function hidePost(
  trx: Db,
  post: PostWithAuthor,
  hiding: Hiding,
): Promise<PostWithAuthor | undefined> {
  const row = await setPostHidden(trx, post.id, hiding)
  if (!row) return undefined
  const updated = { ...row, author_display_name: post.author_display_name }
  await appendEvents(trx, [postEvent('post.updated', updated, eventVisibility(post))])
  return updated
}

/** Hides or shows a comment on `post`; the comment as it is now, undefined when it is gone. */
export async function hideComment(
  trx: Db,
  post: Pick<PostRow, 'id' | 'user_id' | 'visibility' | 'hidden'>,
  comment: CommentWithAuthor,
  hiding: Hiding,
): Promise<CommentWithAuthor | undefined> {
  const row = await setCommentHidden(trx, comment.id, hiding)
  if (!row) return undefined
  const updated = { ...row, author_display_name: comment.author_display_name }
  const data = commentFromRow(updated)
  await appendEvents(
    trx,
    hiding
      ? [
          commentDeletedEvent(post, { ...comment, hidden: 0 }),
          onPostEvent('comment.updated', post, data, comment.user_id),
        ]
      : [onPostEvent('comment.created', post, data)],
  )
  return updated
}
