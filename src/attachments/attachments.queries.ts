import { sql } from 'kysely'
import { compiledQuery } from '../db/compiled.js'
import type { Db } from '../db/database.js'
import type { AttachmentRow, NewAttachmentRow } from '../db/tables.js'
import {
  pageWindow,
  paginate,
  toPage,
  type Page,
  type PageRequest,
  type PageWindow,
} from '../http/pagination.js'

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

const insertAttachmentQuery = compiledQuery((db, row: NewAttachmentRow) =>
  db.insertInto('attachments').values(row),
)

/** Inserts an attachment with its bytes; fails with a foreign-key violation if the post is gone. */
export async function insertAttachment(db: Db, row: NewAttachmentRow): Promise<void> {
  await insertAttachmentQuery.changed(db, row)
}

const attachmentById = compiledQuery((db, v: { id: string }) =>
  db.selectFrom('attachments').select(META_COLUMNS).where('id', '=', v.id),
)

/** The attachment with this ID, without its bytes. */
export function findAttachmentById(db: Db, id: string): Promise<AttachmentMeta | undefined> {
  return attachmentById.first(db, { id })
}

const postAttachment = compiledQuery((db, v: { postId: string; id: string }) =>
  db.selectFrom('attachments').select(META_COLUMNS).where('id', '=', v.id).where('post_id', '=', v.postId),
)

/** The attachment with this ID if it belongs to this post, without its bytes. */
export function findPostAttachment(db: Db, postId: string, id: string): Promise<AttachmentMeta | undefined> {
  return postAttachment.first(db, { postId, id })
}

const postAttachments = compiledQuery((db, v: { postId: string } & PageWindow) =>
  paginate(
    db.selectFrom('attachments').select(META_COLUMNS).where('post_id', '=', v.postId),
    'attachments',
    v,
  ),
)

/** One page of a post's attachments (metadata only), newest first. */
export async function listPostAttachments(
  db: Db,
  postId: string,
  page: PageRequest,
): Promise<Page<AttachmentMeta>> {
  return toPage(await postAttachments.rows(db, { postId, ...pageWindow(page) }), page)
}

const attachmentContent = compiledQuery((db, v: { id: string }) =>
  db.selectFrom('attachments').select('content').where('id', '=', v.id),
)

/** All bytes of an attachment, or undefined when it is gone. */
export async function readAttachmentContent(db: Db, id: string): Promise<Buffer | undefined> {
  return (await attachmentContent.first(db, { id }))?.content
}

const attachmentSlice = compiledQuery((db, v: { id: string; from: number; length: number }) =>
  db
    .selectFrom('attachments')
    .select(sql<Buffer>`substr(content, ${v.from}, ${v.length})`.as('slice'))
    .where('id', '=', v.id),
)

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
  return (await attachmentSlice.first(db, { id, from: start + 1, length }))?.slice
}

const lockPostAttachmentQuery = compiledQuery((db, v: { postId: string; id: string }) =>
  db
    .updateTable('attachments')
    .set((eb) => ({ version: eb.ref('version') }))
    .where('id', '=', v.id)
    .where('post_id', '=', v.postId),
)

/**
 * Locks an attachment row for the rest of the transaction by writing it unchanged, so a concurrent
 * delete waits for (or is seen by) whatever the transaction does next. False when it is gone.
 */
export async function lockPostAttachment(db: Db, postId: string, id: string): Promise<boolean> {
  return (await lockPostAttachmentQuery.changed(db, { postId, id })) > 0
}

const renameAttachmentQuery = compiledQuery(
  (db, v: { id: string; filename: string; now: number; expectedVersion: number | undefined }) => {
    let update = db
      .updateTable('attachments')
      .set((eb) => ({ filename: v.filename, updated_at: v.now, version: eb('version', '+', 1) }))
      .where('id', '=', v.id)
    if (v.expectedVersion !== undefined) update = update.where('version', '=', v.expectedVersion)
    return update.returning(META_COLUMNS)
  },
)

/**
 * Renames an attachment and bumps its version; with `expectedVersion`, only if nobody changed it
 * meanwhile. Returns the updated metadata, or undefined when it is gone or the version moved on.
 */
export function renameAttachment(
  db: Db,
  id: string,
  filename: string,
  now: number,
  expectedVersion?: number,
): Promise<AttachmentMeta | undefined> {
  return renameAttachmentQuery.first(db, { id, filename, now, expectedVersion })
}

const deleteAttachmentQuery = compiledQuery((db, v: { id: string; expectedVersion: number | undefined }) => {
  let query = db.deleteFrom('attachments').where('id', '=', v.id)
  if (v.expectedVersion !== undefined) query = query.where('version', '=', v.expectedVersion)
  return query
})

/** Deletes an attachment (with `expectedVersion`, only at that version); false when nothing matched. */
export async function deleteAttachment(db: Db, id: string, expectedVersion?: number): Promise<boolean> {
  return (await deleteAttachmentQuery.changed(db, { id, expectedVersion })) > 0
}
