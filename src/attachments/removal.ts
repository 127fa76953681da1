import type { Db } from '../db/database.js'
import type { AttachmentRow, PostRow } from '../db/tables.js'
import { clearPostCover, findPostById } from '../posts/posts.queries.js'
import { appendEvents } from '../event-log/event-log.queries.js'
import { onPostEvent, postEvent } from '../posts/post-events.js'
import type { NewEvent } from '../event-log/event-log.queries.js'
import { lockStorage, releaseStorage } from '../storage/storage.queries.js'
import { deleteAttachment } from './attachments.queries.js'

// Deleting an attachment also gives its size back to the author's quota and clears the post's cover:
// one function, so the author's DELETE, a moderator's and a report resolved with `delete` agree.

/**
 * Deletes an attachment (its comments and bytes with it) inside the caller's transaction `trx`; with
 * `expectedVersion`, only at that version. False when nothing matched.
 */
export async function removeAttachment(
  trx: Db,
  post: Pick<PostRow, 'id' | 'user_id' | 'visibility' | 'hidden'>,
  attachment: Pick<AttachmentRow, 'id' | 'size'>,
  expectedVersion?: number,
): Promise<boolean> {
  // The author's stored total first, as every change to their files does (storage.queries.ts).
  await lockStorage(trx, post.user_id)
  // Its comments and bytes go with it (ON DELETE CASCADE); the cover has no foreign key, so it is
  // cleared here.
  if (!(await deleteAttachment(trx, attachment.id, expectedVersion))) return false
  await releaseStorage(trx, post.user_id, attachment.size)
  const events: NewEvent[] = [
    onPostEvent('attachment.deleted', post, { id: attachment.id, post_id: post.id }),
  ]
  if (await clearPostCover(trx, post.id, attachment.id, Date.now())) {
    // The post changed too (its cover is gone): read back with its author, as its GET shows it.
    const uncovered = await findPostById(trx, post.id)
    if (uncovered) events.push(postEvent('post.updated', uncovered))
  }
  await appendEvents(trx, events)
  return true
}
