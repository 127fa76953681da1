import type { Db } from '../db/database.js'
import type { PostRow } from '../db/tables.js'
import { lockStorage, releaseStorage, sumPostAttachmentBytes } from '../storage/storage.queries.js'
import { deletePost } from './posts.queries.js'
import { appendEvents } from '../event-log/event-log.queries.js'
import { postDeletedEvent } from './post-events.js'

// Deleting a post is more than its row: its files' sizes go back to the author's storage quota. One
// function, so the author's DELETE, a moderator's and a report resolved with `delete` do the same
// (and send the same `post.deleted`).

/**
 * Deletes a post with its attachments and comments and gives their bytes back to the author's quota,
 * inside the caller's transaction `trx`. With `expectedVersion`, only at that version. False when
 * nothing matched (gone, or the version moved on).
 */
export async function removePost(
  trx: Db,
  post: Pick<PostRow, 'id' | 'user_id' | 'visibility' | 'hidden'>,
  expectedVersion?: number,
): Promise<boolean> {
  // The author's stored total first, as every change to their files does (storage.queries.ts), so an
  // upload to this post either committed before the sum below or waits and then finds the post gone.
  await lockStorage(trx, post.user_id)
  const freedBytes = await sumPostAttachmentBytes(trx, post.id)
  // Attachments and comments go with the post through the schema's ON DELETE CASCADE, in this one
  // statement: a stale If-Match deletes nothing at all.
  if (!(await deletePost(trx, post.id, expectedVersion))) return false
  await releaseStorage(trx, post.user_id, freedBytes)
  await appendEvents(trx, [postDeletedEvent(post)])
  return true
}
