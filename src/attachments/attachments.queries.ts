import { compiledQuery } from '../db/compiled.js'
import { dialectOf, type Db } from '../db/database.js'
import { binaryCopy, type BinaryRow } from '../db/postgres-binary-copy.js'
import type { AttachmentChunkRow, AttachmentRow, NewAttachmentRow, PostRow } from '../db/tables.js'
import {
  pageWindow,
  paginate,
  toPage,
  type Page,
  type PageRequest,
  type PageWindow,
} from '../db/pagination.js'
import { PREFIXED_POST_COLUMNS, splitPrefixedPost } from '../posts/posts.queries.js'

/** Bytes per stored chunk of a new upload: the most a download reads, and holds, per query. */
export const ATTACHMENT_CHUNK_BYTES = 256 * 1024

const insertAttachmentQuery = compiledQuery((db, row: NewAttachmentRow) =>
  db.insertInto('attachments').values(row),
)

const insertChunkQuery = compiledQuery((db, row: AttachmentChunkRow) =>
  db.insertInto('attachment_chunks').values(row),
)

/**
 * Inserts an attachment's metadata, then its bytes in chunks of ATTACHMENT_CHUNK_BYTES; run it in a
 * transaction so a file is stored whole or not at all. Fails with a foreign-key violation if the post
 * is gone.
 */
export async function insertAttachment(db: Db, row: NewAttachmentRow, content: Buffer): Promise<void> {
  await insertAttachmentQuery.changed(db, row)
  for (let first = 0; first < content.length; first += ATTACHMENT_CHUNK_BYTES) {
    const bytes = content.subarray(first, first + ATTACHMENT_CHUNK_BYTES)
    await insertChunkQuery.changed(db, { attachment_id: row.id, first_byte: first, bytes })
  }
}

/** Attachments (without their bytes) joined to their posts, so an attachment and its post are one statement. */
function attachmentsWithPosts(db: Db) {
  return db
    .selectFrom('attachments')
    .innerJoin('posts', 'posts.id', 'attachments.post_id')
    .selectAll('attachments')
    .select(PREFIXED_POST_COLUMNS)
}

/** An attachment and its post, from a row of `attachmentsWithPosts`. */
function attachmentAndPost(row: AttachmentRow & Parameters<typeof splitPrefixedPost>[0]): {
  attachment: AttachmentRow
  post: PostRow
} {
  const { post, rest } = splitPrefixedPost(row)
  return { attachment: rest, post }
}

const attachmentWithPost = compiledQuery((db, v: { id: string }) =>
  attachmentsWithPosts(db).where('attachments.id', '=', v.id),
)

/** The attachment with this ID (without its bytes) and its post, in one statement. */
export async function findAttachmentWithPost(
  db: Db,
  id: string,
): Promise<{ attachment: AttachmentRow; post: PostRow } | undefined> {
  const row = await attachmentWithPost.first(db, { id })
  return row && attachmentAndPost(row)
}

const attachmentsWithPostsByIds = compiledQuery((db, v: { ids: string[] }) =>
  attachmentsWithPosts(db).where('attachments.id', 'in', v.ids),
)

/** The attachments among these IDs (at most MAX_LIST_LENGTH) that exist, each with its post, in no order. */
export async function findAttachmentsWithPosts(
  db: Db,
  ids: string[],
): Promise<Array<{ attachment: AttachmentRow; post: PostRow }>> {
  return (await attachmentsWithPostsByIds.rows(db, { ids })).map(attachmentAndPost)
}

const postWithAttachment = compiledQuery((db, v: { postId: string; id: string }) =>
  db
    .selectFrom('posts')
    .leftJoin('attachments', (join) =>
      join.onRef('attachments.post_id', '=', 'posts.id').on('attachments.id', '=', v.id),
    )
    .select(PREFIXED_POST_COLUMNS)
    .selectAll('attachments')
    .where('posts.id', '=', v.postId),
)

/**
 * The post with this ID and, if it belongs to that post, the attachment with this ID (without its
 * bytes), in one statement: every route under `/posts/{id}/attachments/{aid}` needs both, the post to
 * check who may see it. Undefined when the post does not exist.
 */
export async function findPostWithAttachment(
  db: Db,
  postId: string,
  id: string,
): Promise<{ post: PostRow; attachment: AttachmentRow | undefined } | undefined> {
  const row = await postWithAttachment.first(db, { postId, id })
  if (!row) return undefined
  const { post, rest } = splitPrefixedPost(row)
  // A left-joined row is there whole or not at all: its columns are all set when its key is.
  return { post, attachment: rest.id === null ? undefined : (rest as AttachmentRow) }
}

const postAttachments = compiledQuery((db, v: { postId: string } & PageWindow) =>
  paginate(db.selectFrom('attachments').selectAll().where('post_id', '=', v.postId), 'attachments', v),
)

/** One page of a post's attachments (metadata only), newest first. */
export async function listPostAttachments(
  db: Db,
  postId: string,
  page: PageRequest,
): Promise<Page<AttachmentRow>> {
  return toPage(await postAttachments.rows(db, { postId, ...pageWindow(page) }), page)
}

/** The query for the stored chunk holding byte `position`: the last one starting at or before it. */
function chunkHolding(db: Db, v: { id: string; position: number }) {
  return db
    .selectFrom('attachment_chunks')
    .select(['first_byte', 'bytes'])
    .where('attachment_id', '=', v.id)
    .where('first_byte', '<=', v.position)
    .orderBy('first_byte', 'desc')
    .limit(1)
}

const chunkHoldingQuery = compiledQuery(chunkHolding)

// On PostgreSQL the chunk comes through a binary COPY (postgres-binary-copy.ts): as a column, its bytes
// would arrive as hex text and become a JavaScript string before being decoded (docs/performance.md).
const chunkHoldingCopy = compiledQuery((db, v: { id: string; position: number }) =>
  binaryCopy(chunkHolding(db, v)),
)

/** One stored chunk of a file: where it starts in the file, and its bytes. */
export interface AttachmentChunk {
  firstByte: number
  bytes: Buffer
}

/** The chunk from its binary COPY row: `first_byte` a bigint (8 bytes), then the bytes. */
function chunkFromCopy(row: BinaryRow | undefined): AttachmentChunk | undefined {
  const [firstByte, bytes] = row ?? []
  if (!firstByte || !bytes) return undefined
  return { firstByte: Number(firstByte.readBigInt64BE(0)), bytes }
}

/**
 * The stored chunk that holds byte `position` of an attachment (one primary-key lookup, at most
 * ATTACHMENT_CHUNK_BYTES read), or undefined when the attachment is gone.
 */
export async function readAttachmentChunk(
  db: Db,
  id: string,
  position: number,
): Promise<AttachmentChunk | undefined> {
  let chunk: AttachmentChunk | undefined
  if (dialectOf(db) === 'postgres') chunk = chunkFromCopy(await chunkHoldingCopy.first(db, { id, position }))
  else {
    const row = await chunkHoldingQuery.first(db, { id, position })
    chunk = row && { firstByte: row.first_byte, bytes: row.bytes }
  }
  if (chunk === undefined || chunk.firstByte + chunk.bytes.length <= position) return undefined
  return chunk
}

const lockPostAttachmentQuery = compiledQuery((db, v: { postId: string; id: string }) =>
  db
    .updateTable('attachments')
    .set((eb) => ({ version: eb.ref('version') }))
    .where('id', '=', v.id)
    .where('post_id', '=', v.postId)
    .returning('content_type'),
)

/**
 * Locks an attachment row for the rest of the transaction by writing it unchanged, so a concurrent
 * delete waits for (or is seen by) whatever the transaction does next. Returns its type, or undefined
 * when it is gone.
 */
export function lockPostAttachment(
  db: Db,
  postId: string,
  id: string,
): Promise<{ content_type: string } | undefined> {
  return lockPostAttachmentQuery.first(db, { postId, id })
}

const renameAttachmentQuery = compiledQuery(
  (db, v: { id: string; filename: string; now: number; expectedVersion: number | undefined }) => {
    let update = db
      .updateTable('attachments')
      .set((eb) => ({ filename: v.filename, updated_at: v.now, version: eb('version', '+', 1) }))
      .where('id', '=', v.id)
    if (v.expectedVersion !== undefined) update = update.where('version', '=', v.expectedVersion)
    return update.returningAll()
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
): Promise<AttachmentRow | undefined> {
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
