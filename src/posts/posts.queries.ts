import type { Db } from '../db/database.js'
import type { NewPostRow, PostRow } from '../db/tables.js'
import { paginate, toPage, type Page, type PageRequest } from '../http/pagination.js'

/** Inserts a post. */
export async function insertPost(db: Db, row: NewPostRow): Promise<void> {
  await db.insertInto('posts').values(row).execute()
}

/** The post with this ID. */
export function findPostById(db: Db, id: string): Promise<PostRow | undefined> {
  return db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirst()
}

/** One page of an author's posts of every visibility, newest first (the author's own view). */
export async function listPostsByAuthor(db: Db, userId: string, page: PageRequest): Promise<Page<PostRow>> {
  const rows = await paginate(
    db.selectFrom('posts').selectAll().where('user_id', '=', userId),
    'posts',
    page,
  ).execute()
  return toPage(rows, page)
}

/** One page of an author's public posts, newest first (everyone else's view of them). */
export async function listPublicPostsByAuthor(
  db: Db,
  userId: string,
  page: PageRequest,
): Promise<Page<PostRow>> {
  const rows = await paginate(
    db.selectFrom('posts').selectAll().where('user_id', '=', userId).where('visibility', '=', 'public'),
    'posts',
    page,
  ).execute()
  return toPage(rows, page)
}

/** One page of every public post, newest first (what an anonymous caller sees). */
export async function listPublicPosts(db: Db, page: PageRequest): Promise<Page<PostRow>> {
  const rows = await paginate(
    db.selectFrom('posts').selectAll().where('visibility', '=', 'public'),
    'posts',
    page,
  ).execute()
  return toPage(rows, page)
}

/** One page of the public posts plus the caller's own private ones, newest first. */
export async function listPostsVisibleTo(db: Db, userId: string, page: PageRequest): Promise<Page<PostRow>> {
  // `visibility = 'public' OR user_id = ?` would make both engines collect every match and sort it,
  // so a deep page would cost more than the first. Instead each half reads its own index newest first
  // and stops after the rows this page can need; the outer query merges those two short runs.
  const reach: PageRequest = { limit: (page.offset ?? 0) + page.limit, afterId: page.afterId }
  const publicPosts = paginate(
    db.selectFrom('posts').selectAll().where('visibility', '=', 'public'),
    'posts',
    reach,
  )
  const ownPrivatePosts = paginate(
    db.selectFrom('posts').selectAll().where('user_id', '=', userId).where('visibility', '=', 'private'),
    'posts',
    reach,
  )
  const merged = db
    .selectFrom(publicPosts.as('public_posts'))
    .selectAll()
    .unionAll(db.selectFrom(ownPrivatePosts.as('private_posts')).selectAll())
  const rows = await paginate(
    db.selectFrom(merged.as('visible_posts')).selectAll(),
    'visible_posts',
    page,
  ).execute()
  return toPage(rows, page)
}

/** The writable fields of a post. */
export type PostChanges = Partial<Pick<PostRow, 'title' | 'body' | 'visibility'>>

/**
 * Changes a post and bumps its version; with `expectedVersion`, only if nobody changed it meanwhile.
 * Returns the updated row, or undefined when it is gone or the version no longer matches.
 */
export async function updatePost(
  db: Db,
  id: string,
  changes: PostChanges | Pick<PostRow, 'cover_attachment_id'>,
  now: number,
  expectedVersion?: number,
): Promise<PostRow | undefined> {
  let update = db
    .updateTable('posts')
    .set((eb) => ({ ...changes, updated_at: now, version: eb('version', '+', 1) }))
    .where('id', '=', id)
  if (expectedVersion !== undefined) update = update.where('version', '=', expectedVersion)
  return update.returningAll().executeTakeFirst()
}

/**
 * Makes an attachment the post's cover and bumps the post's version (with `expectedVersion`, only if
 * nobody changed the post meanwhile). Returns the updated row, or undefined when the condition failed.
 */
export function setPostCover(
  db: Db,
  id: string,
  attachmentId: string,
  now: number,
  expectedVersion?: number,
): Promise<PostRow | undefined> {
  return updatePost(db, id, { cover_attachment_id: attachmentId }, now, expectedVersion)
}

/** Clears a post's cover if it is this attachment (which is being deleted), bumping the post's version. */
export async function clearPostCover(db: Db, id: string, attachmentId: string, now: number): Promise<void> {
  await db
    .updateTable('posts')
    .set((eb) => ({ cover_attachment_id: null, updated_at: now, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('cover_attachment_id', '=', attachmentId)
    .execute()
}

/**
 * Deletes a post (with `expectedVersion`, only at that version); false when nothing matched. Its
 * attachments and comments go with it in the same statement (foreign-key cascades).
 */
export async function deletePost(db: Db, id: string, expectedVersion?: number): Promise<boolean> {
  let query = db.deleteFrom('posts').where('id', '=', id)
  if (expectedVersion !== undefined) query = query.where('version', '=', expectedVersion)
  const result = await query.executeTakeFirst()
  return result.numDeletedRows > 0n
}
