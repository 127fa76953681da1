import type { Db } from '../db/database.js'
import type { CommentRow, PostRow } from '../db/tables.js'
import { appendEvents } from '../event-log/event-log.queries.js'
import { commentDeletedEvent } from '../posts/post-events.js'
import { deleteComment } from './comments.queries.js'

// One way to delete a comment, with its live event, so the author's DELETE, a moderator's and a
// report resolved with `delete` agree (as posts/removal.ts and attachments/removal.ts do).

/**
 * Deletes a comment on `post` inside the caller's transaction `trx`; with `expectedVersion`, only at
 * that version. False when nothing matched.
 */
export async function removeComment(
  trx: Db,
  post: Pick<PostRow, 'id' | 'user_id' | 'visibility' | 'hidden'>,
  comment: Pick<CommentRow, 'id' | 'user_id' | 'hidden'>,
  expectedVersion?: number,
): Promise<boolean> {
  if (!(await deleteComment(trx, comment.id, expectedVersion))) return false
  await appendEvents(trx, [commentDeletedEvent(post, comment)])
  return true
}
