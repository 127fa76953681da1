import type { Db } from '../db/database.js'
import type { CommentRow, NewCommentRow } from '../db/tables.js'
import { paginate, toPage, type Page, type PageRequest } from '../http/pagination.js'

/** Inserts a comment; fails with a foreign-key violation if its post or attachment is gone. */
export async function insertComment(db: Db, row: NewCommentRow): Promise<void> {
  await db.insertInto('comments').values(row).execute()
}

/** The comment with this ID. */
export function findCommentById(db: Db, id: string): Promise<CommentRow | undefined> {
  return db.selectFrom('comments').selectAll().where('id', '=', id).executeTakeFirst()
}

/** One page of the comments made directly on a post (not on its attachments), newest first. */
export async function listPostComments(db: Db, postId: string, page: PageRequest): Promise<Page<CommentRow>> {
  const rows = await paginate(
    db.selectFrom('comments').selectAll().where('post_id', '=', postId).where('attachment_id', 'is', null),
    'comments',
    page,
  ).execute()
  return toPage(rows, page)
}

/** One page of an attachment's comments, newest first. */
export async function listAttachmentComments(
  db: Db,
  attachmentId: string,
  page: PageRequest,
): Promise<Page<CommentRow>> {
  const rows = await paginate(
    db.selectFrom('comments').selectAll().where('attachment_id', '=', attachmentId),
    'comments',
    page,
  ).execute()
  return toPage(rows, page)
}

/**
 * Replaces a comment's body and bumps its version; with `expectedVersion`, only if nobody changed it
 * meanwhile. Returns the updated row, or undefined when it is gone or the version moved on.
 */
export async function updateComment(
  db: Db,
  id: string,
  body: string,
  now: number,
  expectedVersion?: number,
): Promise<CommentRow | undefined> {
  let update = db
    .updateTable('comments')
    .set((eb) => ({ body, updated_at: now, version: eb('version', '+', 1) }))
    .where('id', '=', id)
  if (expectedVersion !== undefined) update = update.where('version', '=', expectedVersion)
  return update.returningAll().executeTakeFirst()
}

/** Deletes a comment (with `expectedVersion`, only at that version); false when nothing matched. */
export async function deleteComment(db: Db, id: string, expectedVersion?: number): Promise<boolean> {
  let query = db.deleteFrom('comments').where('id', '=', id)
  if (expectedVersion !== undefined) query = query.where('version', '=', expectedVersion)
  const result = await query.executeTakeFirst()
  return result.numDeletedRows > 0n
}
