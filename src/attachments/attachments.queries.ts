import { sql } from 'kysely'
import type { Db } from '../db/database.js'
import type { AttachmentRow, NewAttachmentRow } from '../db/tables.js'
import { paginate, toPage, type Page, type PageRequest } from '../http/pagination.js'

/** An attachment without its bytes: what every read except a download needs. */
export type AttachmentMeta = Omit<AttachmentRow, 'content'>

// Named explicitly so reading metadata never loads the (possibly large) content column.
const META_COLUMNS = [
  'id',
  'post_id',
  'filename',
  'content_type',
  'size',
  'sha256',
  'version',
  'created_at',
  'updated_at',
] as const

/** Inserts an attachment with its bytes; fails with a foreign-key violation if the post is gone. */
export async function insertAttachment(db: Db, row: NewAttachmentRow): Promise<void> {
  await db.insertInto('attachments').values(row).execute()
}

/** The attachment with this ID, without its bytes. */
export function findAttachmentById(db: Db, id: string): Promise<AttachmentMeta | undefined> {
  return db.selectFrom('attachments').select(META_COLUMNS).where('id', '=', id).executeTakeFirst()
}

/** The attachment with this ID if it belongs to this post, without its bytes. */
export function findPostAttachment(db: Db, postId: string, id: string): Promise<AttachmentMeta | undefined> {
  return db
    .selectFrom('attachments')
    .select(META_COLUMNS)
    .where('id', '=', id)
    .where('post_id', '=', postId)
    .executeTakeFirst()
}

/** One page of a post's attachments (metadata only), newest first. */
export async function listPostAttachments(
  db: Db,
  postId: string,
  page: PageRequest,
): Promise<Page<AttachmentMeta>> {
  const rows = await paginate(
    db.selectFrom('attachments').select(META_COLUMNS).where('post_id', '=', postId),
    'attachments',
    page,
  ).execute()
  return toPage(rows, page)
}

/** All bytes of an attachment, or undefined when it is gone. */
export async function readAttachmentContent(db: Db, id: string): Promise<Buffer | undefined> {
  const row = await db.selectFrom('attachments').select('content').where('id', '=', id).executeTakeFirst()
  return row?.content
}

/**
 * `length` bytes of an attachment from offset `start`, read by the database so only the slice leaves
 * it. `substr` counts bytes, from 1, on both a SQLite BLOB and a PostgreSQL bytea.
 */
export async function readAttachmentSlice(
  db: Db,
  id: string,
  start: number,
  length: number,
): Promise<Buffer | undefined> {
  const row = await db
    .selectFrom('attachments')
    .select(sql<Buffer>`substr(content, ${start + 1}, ${length})`.as('slice'))
    .where('id', '=', id)
    .executeTakeFirst()
  return row?.slice
}

/**
 * Locks an attachment row for the rest of the transaction by writing it unchanged, so a concurrent
 * delete waits for (or is seen by) whatever the transaction does next. False when it is gone.
 */
export async function lockPostAttachment(db: Db, postId: string, id: string): Promise<boolean> {
  const result = await db
    .updateTable('attachments')
    .set((eb) => ({ version: eb.ref('version') }))
    .where('id', '=', id)
    .where('post_id', '=', postId)
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}

/**
 * Renames an attachment and bumps its version; with `expectedVersion`, only if nobody changed it
 * meanwhile. Returns the updated metadata, or undefined when it is gone or the version moved on.
 */
export async function renameAttachment(
  db: Db,
  id: string,
  filename: string,
  now: number,
  expectedVersion?: number,
): Promise<AttachmentMeta | undefined> {
  let update = db
    .updateTable('attachments')
    .set((eb) => ({ filename, updated_at: now, version: eb('version', '+', 1) }))
    .where('id', '=', id)
  if (expectedVersion !== undefined) update = update.where('version', '=', expectedVersion)
  return update.returning(META_COLUMNS).executeTakeFirst()
}

/** Deletes an attachment (with `expectedVersion`, only at that version); false when nothing matched. */
export async function deleteAttachment(db: Db, id: string, expectedVersion?: number): Promise<boolean> {
  let query = db.deleteFrom('attachments').where('id', '=', id)
  if (expectedVersion !== undefined) query = query.where('version', '=', expectedVersion)
  const result = await query.executeTakeFirst()
  return result.numDeletedRows > 0n
}
