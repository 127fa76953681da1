import type { Db } from '../db/database.js'
import type { AttachmentRow, PostRow } from '../db/tables.js'
import { clearPostCover } from '../posts/posts.queries.js'
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
  post: Pick<PostRow, 'id' | 'user_id'>,
  attachment: Pick<AttachmentRow, 'id' | 'size'>,
  expectedVersion?: number,
): Promise<boolean> {
  // The author's stored total first, as every change to their files does (storage.queries.ts).
  await lockStorage(trx, post.user_id)
  // Its comments and bytes go with it (ON DELETE CASCADE); the cover has no foreign key, so it is
  // cleared here.
  if (!(await deleteAttachment(trx, attachment.id, expectedVersion))) return false
  await releaseStorage(trx, post.user_id, attachment.size)
  await clearPostCover(trx, post.id, attachment.id, Date.now())
  return true
}
