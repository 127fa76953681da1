import { compiledQuery } from '../db/compiled.js'
import type { Db } from '../db/database.js'

// Each user's stored attachment bytes are counted in `users.storage_bytes`, against
// USER_STORAGE_MAX_BYTES. Every change to a user's files takes that row first, in the transaction that
// makes the change: on PostgreSQL the row lock queues concurrent uploads and deletions of one user
// (each then reads what the previous one committed), and on SQLite the first write takes the
// database's write lock. So two uploads can never both fit in the same remaining space, and a post
// deleted while a file is being added to it frees exactly what it held.

const reserveStorageQuery = compiledQuery((db, v: { userId: string; bytes: number; maxBytes: number }) =>
  db
    .updateTable('users')
    .set((eb) => ({ storage_bytes: eb('storage_bytes', '+', v.bytes) }))
    .where('id', '=', v.userId)
    .where((eb) => eb(eb('storage_bytes', '+', v.bytes), '<=', v.maxBytes)),
)

/**
 * Adds `bytes` to a user's stored total if it stays within `maxBytes`, in one statement that also
 * locks the user's row until the transaction ends. False when it would not fit (or the user is gone).
 */
export async function reserveStorage(
  db: Db,
  userId: string,
  bytes: number,
  maxBytes: number,
): Promise<boolean> {
  return (await reserveStorageQuery.changed(db, { userId, bytes, maxBytes })) > 0
}

const releaseStorageQuery = compiledQuery((db, v: { userId: string; bytes: number }) =>
  db
    .updateTable('users')
    .set((eb) => ({ storage_bytes: eb('storage_bytes', '-', v.bytes) }))
    .where('id', '=', v.userId),
)

/** Subtracts the size of deleted files from a user's stored total. */
export async function releaseStorage(db: Db, userId: string, bytes: number): Promise<void> {
  await releaseStorageQuery.changed(db, { userId, bytes })
}

const lockStorageQuery = compiledQuery((db, v: { userId: string }) =>
  db
    .updateTable('users')
    .set((eb) => ({ storage_bytes: eb.ref('storage_bytes') }))
    .where('id', '=', v.userId),
)

/**
 * Locks a user's stored total for the rest of the transaction by writing it unchanged: call it
 * before reading or deleting the user's files, so an upload in flight either commits first (and is
 * seen) or waits until this transaction ends.
 */
export async function lockStorage(db: Db, userId: string): Promise<void> {
  await lockStorageQuery.changed(db, { userId })
}

const storageUsedQuery = compiledQuery((db, v: { userId: string }) =>
  db.selectFrom('users').select('storage_bytes').where('id', '=', v.userId),
)

/** A user's stored total in bytes, or undefined when the user is gone. */
export async function findStorageUsed(db: Db, userId: string): Promise<number | undefined> {
  return (await storageUsedQuery.first(db, { userId }))?.storage_bytes
}

const postAttachmentBytesQuery = compiledQuery((db, v: { postId: string }) =>
  db
    .selectFrom('attachments')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('bytes'))
    .where('post_id', '=', v.postId),
)

/** The total size of a post's attachments (what deleting the post frees). */
export async function sumPostAttachmentBytes(db: Db, postId: string): Promise<number> {
  return (await postAttachmentBytesQuery.first(db, { postId }))?.bytes ?? 0
}
