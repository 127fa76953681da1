import { compiledQuery } from '../db/compiled.js'
import { dialectOf, type Db } from '../db/database.js'
import type { NewPostRow, PostRow } from '../db/tables.js'
import { insertWithEvent, type NewEvent } from '../event-log/event-log.queries.js'
import {
  pageWindow,
  paginate,
  toPage,
  type Page,
  type PageRequest,
  type PageWindow,
} from '../db/pagination.js'

/** A post as the API shows it: its row and its author's display name, read in the same statement. */
export type PostWithAuthor = PostRow & { author_display_name: string | null }

/** The columns of a post read with its author (joined from `users` on `posts.user_id`). */
const POST_WITH_AUTHOR_COLUMNS = [
  'posts.id',
  'posts.user_id',
  'posts.title',
  'posts.body',
  'posts.visibility',
  'posts.cover_attachment_id',
  'posts.version',
  'posts.created_at',
  'posts.updated_at',
  'posts.hidden',
  'posts.hidden_at',
  'posts.hidden_reason',
  'users.display_name as author_display_name',
] as const

const insertPostQuery = insertWithEvent((db, row: NewPostRow) => db.insertInto('posts').values(row))

/** Inserts a post and the event it sends, as one atomic write (insertWithEvent). */
export async function insertPostWithEvent(db: Db, row: NewPostRow, event: NewEvent): Promise<void> {
  await insertPostQuery.run(db, row, event)
}

/**
 * A post's columns under a `p_` prefix, for a query that reads a post beside a row that names it (a
 * comment, an attachment): one statement instead of two. `splitPrefixedPost` turns them back into a row.
 */
export const PREFIXED_POST_COLUMNS = [
  'posts.id as p_id',
  'posts.user_id as p_user_id',
  'posts.title as p_title',
  'posts.body as p_body',
  'posts.visibility as p_visibility',
  'posts.cover_attachment_id as p_cover_attachment_id',
  'posts.version as p_version',
  'posts.created_at as p_created_at',
  'posts.updated_at as p_updated_at',
  'posts.hidden as p_hidden',
  'posts.hidden_at as p_hidden_at',
  'posts.hidden_reason as p_hidden_reason',
] as const

/** The prefixed post columns of a joined row. */
type PrefixedPost = { [C in keyof PostRow as `p_${C}`]: PostRow[C] }

/** Splits a joined row into the post and the row's own columns. */
export function splitPrefixedPost<R extends PrefixedPost>(
  row: R,
): { post: PostRow; rest: Omit<R, keyof PrefixedPost> } {
  const {
    p_id,
    p_user_id,
    p_title,
    p_body,
    p_visibility,
    p_cover_attachment_id,
    p_version,
    p_created_at,
    p_updated_at,
    p_hidden,
    p_hidden_at,
    p_hidden_reason,
    ...rest
  } = row
  const post: PostRow = {
    id: p_id,
    user_id: p_user_id,
    title: p_title,
    body: p_body,
    visibility: p_visibility,
    cover_attachment_id: p_cover_attachment_id,
    version: p_version,
    created_at: p_created_at,
    updated_at: p_updated_at,
    hidden: p_hidden,
    hidden_at: p_hidden_at,
    hidden_reason: p_hidden_reason,
  }
  return { post, rest }
}

/** Posts joined to their authors, so a page of posts and their authors is one statement. */
function postsWithAuthors(db: Db) {
  return db
    .selectFrom('posts')
    .innerJoin('users', 'users.id', 'posts.user_id')
    .select(POST_WITH_AUTHOR_COLUMNS)
}

const postById = compiledQuery((db, v: { id: string }) => postsWithAuthors(db).where('posts.id', '=', v.id))

/** The post with this ID and its author's display name. */
export function findPostById(db: Db, id: string): Promise<PostWithAuthor | undefined> {
  return postById.first(db, { id })
}

/** What deciding who sees a post, and who its events reach, needs of it (canSeePost, onPostEvent). */
export type PostAccessRow = Pick<PostRow, 'id' | 'user_id' | 'visibility' | 'hidden'>

const postAccessById = compiledQuery((db, v: { id: string }) =>
  db.selectFrom('posts').select(['id', 'user_id', 'visibility', 'hidden']).where('id', '=', v.id),
)

/**
 * The post's access columns only, for whatever under it needs no more than who may see it and whom
 * its events reach (a comment or file written, its comments or files listed, a stream's topic): no
 * join to its author and none of its text, which may be long. Routes read it through `app.postAccess`
 * (post-access.ts), which keeps a copy for a moment.
 */
export function findPostAccess(db: Db, id: string): Promise<PostAccessRow | undefined> {
  return postAccessById.first(db, { id })
}

const postsByIds = compiledQuery((db, v: { ids: string[] }) =>
  postsWithAuthors(db).where('posts.id', 'in', v.ids),
)

/** The posts among these IDs (at most MAX_LIST_LENGTH) that exist, with their authors' names, in no order. */
export function findPostsByIds(db: Db, ids: string[]): Promise<PostWithAuthor[]> {
  return postsByIds.rows(db, { ids })
}

const postsByAuthor = compiledQuery((db, v: { userId: string } & PageWindow) =>
  paginate(postsWithAuthors(db).where('posts.user_id', '=', v.userId), 'posts', v),
)

/** One page of an author's posts of every visibility, newest first (the author's own view). */
export async function listPostsByAuthor(
  db: Db,
  userId: string,
  page: PageRequest,
): Promise<Page<PostWithAuthor>> {
  return toPage(await postsByAuthor.rows(db, { userId, ...pageWindow(page) }), page)
}

const publicPostsByAuthor = compiledQuery(
  (db, v: { userId: string; hidden: number | undefined } & PageWindow) => {
    let query = postsWithAuthors(db)
      .where('posts.user_id', '=', v.userId)
      .where('posts.visibility', '=', 'public')
    if (v.hidden !== undefined) query = query.where('posts.hidden', '=', v.hidden)
    return paginate(query, 'posts', v)
  },
)

/**
 * One page of an author's public posts, newest first (everyone else's view of them): without those a
 * moderator hid, unless `withHidden` (a moderator's view).
 */
export async function listPublicPostsByAuthor(
  db: Db,
  userId: string,
  page: PageRequest,
  withHidden: boolean,
): Promise<Page<PostWithAuthor>> {
  const hidden = withHidden ? undefined : 0
  return toPage(await publicPostsByAuthor.rows(db, { userId, hidden, ...pageWindow(page) }), page)
}

const publicPosts = compiledQuery((db, v: { hidden: number | undefined } & PageWindow) => {
  let query = postsWithAuthors(db).where('posts.visibility', '=', 'public')
  if (v.hidden !== undefined) query = query.where('posts.hidden', '=', v.hidden)
  return paginate(query, 'posts', v)
})

/**
 * One page of every public post, newest first (what an anonymous caller sees): without the hidden
 * ones, unless `withHidden` (a moderator's view).
 */
export async function listPublicPosts(
  db: Db,
  page: PageRequest,
  withHidden: boolean,
): Promise<Page<PostWithAuthor>> {
  return toPage(await publicPosts.rows(db, { hidden: withHidden ? undefined : 0, ...pageWindow(page) }), page)
}

// `visibility = 'public' OR user_id = ?` would make both engines collect every match and sort it. Instead
// the page's IDs come from merging two index-ordered runs of IDs only (the public feed, and the caller's
// private posts), both read from covering indexes, so an offset skips index entries rather than sorting
// rows. Only the page's rows are then read, by primary key, in that same order.
// SQLite merges the two runs as they are (MERGE UNION ALL). PostgreSQL cannot: it only flattens UNION ALL
// arms without WHERE clauses of their own into one ordered merge, so it would collect both arms whole and
// sort them, every visible post for each page, with or without statistics. So on PostgreSQL each run is first cut at the most a page can need (`through` = offset +
// page + 1) in its own ORDER BY … LIMIT, which it reads newest first from the index and then merges
// (Merge Append). SQLite would sort such cut runs, so it keeps the plain ones.
// Hidden posts: a caller who may not see them (not a moderator) reads the shown public feed
// (`hidden = 0`, its own covering index) and, as a third run, their own hidden public posts (few, from
// the author's index of hidden posts); a moderator reads the whole public feed (`hidden` undefined).
const postsVisibleTo = compiledQuery(
  (db, v: { userId: string; through: number; hidden: number | undefined } & PageWindow) => {
    let publicIds = db.selectFrom('posts').select('id').where('visibility', '=', 'public')
    if (v.hidden !== undefined) publicIds = publicIds.where('hidden', '=', v.hidden)
    let ownPrivateIds = db
      .selectFrom('posts')
      .select('id')
      .where('user_id', '=', v.userId)
      .where('visibility', '=', 'private')
    let ownHiddenIds = db
      .selectFrom('posts')
      .select('id')
      .where('user_id', '=', v.userId)
      .where('hidden', '=', 1)
      .where('visibility', '=', 'public')
    if (v.afterId !== undefined) {
      publicIds = publicIds.where('id', '<', v.afterId)
      ownPrivateIds = ownPrivateIds.where('id', '<', v.afterId)
      ownHiddenIds = ownHiddenIds.where('id', '<', v.afterId)
    }
    if (dialectOf(db) === 'postgres') {
      publicIds = publicIds.orderBy('id', 'desc').limit(v.through)
      ownPrivateIds = ownPrivateIds.orderBy('id', 'desc').limit(v.through)
      ownHiddenIds = ownHiddenIds.orderBy('id', 'desc').limit(v.through)
    }
    // Derived tables, so an arm may carry its own ORDER BY and LIMIT; SQLite flattens the plain ones away.
    const publicRun = db.selectFrom(publicIds.as('public_ids')).select('id')
    const ownPrivateRun = db.selectFrom(ownPrivateIds.as('own_private_ids')).select('id')
    let runs = publicRun.unionAll(ownPrivateRun)
    if (v.hidden !== undefined)
      runs = runs.unionAll(db.selectFrom(ownHiddenIds.as('own_hidden_ids')).select('id'))
    let pageIds = runs.orderBy('id', 'desc').limit(v.fetch)
    if (v.offset !== undefined) pageIds = pageIds.offset(v.offset)
    return postsWithAuthors(db).where('posts.id', 'in', pageIds).orderBy('posts.id', 'desc')
  },
)

/**
 * One page of the public posts plus the caller's own private ones, newest first; hidden posts only if
 * the caller wrote them, or every one with `withHidden` (a moderator's view).
 */
export async function listPostsVisibleTo(
  db: Db,
  userId: string,
  page: PageRequest,
  withHidden: boolean,
): Promise<Page<PostWithAuthor>> {
  const window = pageWindow(page)
  const through = window.fetch + (window.offset ?? 0)
  const hidden = withHidden ? undefined : 0
  return toPage(await postsVisibleTo.rows(db, { userId, through, hidden, ...window }), page)
}

/** The writable fields of a post. */
export type PostChanges = Partial<Pick<PostRow, 'title' | 'body' | 'visibility'>>

type PostUpdate = PostChanges &
  Partial<Pick<PostRow, 'cover_attachment_id'>> & { id: string; now: number; expectedVersion?: number }

const updatePostQuery = compiledQuery((db, v: PostUpdate) => {
  let update = db
    .updateTable('posts')
    .set((eb) => ({
      ...(v.title === undefined ? {} : { title: v.title }),
      ...(v.body === undefined ? {} : { body: v.body }),
      ...(v.visibility === undefined ? {} : { visibility: v.visibility }),
      ...(v.cover_attachment_id === undefined ? {} : { cover_attachment_id: v.cover_attachment_id }),
      updated_at: v.now,
      version: eb('version', '+', 1),
    }))
    .where('id', '=', v.id)
  if (v.expectedVersion !== undefined) update = update.where('version', '=', v.expectedVersion)
  return update.returningAll()
})

/**
 * Changes a post and bumps its version; with `expectedVersion`, only if nobody changed it meanwhile.
 * Returns the updated row, or undefined when it is gone or the version no longer matches.
 */
export function updatePost(
  db: Db,
  id: string,
  changes: PostChanges | Pick<PostRow, 'cover_attachment_id'>,
  now: number,
  expectedVersion?: number,
): Promise<PostRow | undefined> {
  const { title, body, visibility } = changes as PostChanges
  const { cover_attachment_id } = changes as Partial<Pick<PostRow, 'cover_attachment_id'>>
  return updatePostQuery.first(db, { title, body, visibility, cover_attachment_id, id, now, expectedVersion })
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

const clearPostCoverQuery = compiledQuery((db, v: { id: string; attachmentId: string; now: number }) =>
  db
    .updateTable('posts')
    .set((eb) => ({ cover_attachment_id: null, updated_at: v.now, version: eb('version', '+', 1) }))
    .where('id', '=', v.id)
    .where('cover_attachment_id', '=', v.attachmentId)
    .returningAll(),
)

/**
 * Clears a post's cover if it is this attachment (which is being deleted), bumping the post's version;
 * the updated post, or undefined when the attachment was not its cover.
 */
export function clearPostCover(
  db: Db,
  id: string,
  attachmentId: string,
  now: number,
): Promise<PostRow | undefined> {
  return clearPostCoverQuery.first(db, { id, attachmentId, now })
}

const deletePostQuery = compiledQuery((db, v: { id: string; expectedVersion: number | undefined }) => {
  let query = db.deleteFrom('posts').where('id', '=', v.id)
  if (v.expectedVersion !== undefined) query = query.where('version', '=', v.expectedVersion)
  return query
})

/**
 * Deletes a post (with `expectedVersion`, only at that version); false when nothing matched. Its
 * attachments and comments go with it in the same statement (foreign-key cascades).
 */
export async function deletePost(db: Db, id: string, expectedVersion?: number): Promise<boolean> {
  return (await deletePostQuery.changed(db, { id, expectedVersion })) > 0
}

const deletePostsByAuthorQuery = compiledQuery((db, v: { userId: string }) =>
  db.deleteFrom('posts').where('user_id', '=', v.userId).returning(['id', 'user_id', 'visibility', 'hidden']),
)

/**
 * Deletes every post of an author, their attachments and comments with them (foreign-key cascades);
 * returns what the posts' deletion events need.
 */
export function deletePostsByAuthor(
  db: Db,
  userId: string,
): Promise<Array<Pick<PostRow, 'id' | 'user_id' | 'visibility' | 'hidden'>>> {
  return deletePostsByAuthorQuery.rows(db, { userId })
}

const setPostHiddenQuery = compiledQuery(
  (db, v: { id: string; hidden: number; hiddenAt: number | null; reason: string | null }) =>
    db
      .updateTable('posts')
      .set((eb) => ({
        hidden: v.hidden,
        hidden_at: v.hiddenAt,
        hidden_reason: v.reason,
        version: eb('version', '+', 1),
      }))
      .where('id', '=', v.id)
      .returningAll(),
)

/**
 * Hides a post (`hiding` says when and why) or shows it again (null), bumping its version (its
 * representation changes) but not `updated_at` (the author's last edit). Undefined when it is gone.
 */
export function setPostHidden(
  db: Db,
  id: string,
  hiding: { at: number; reason: string | null } | null,
): Promise<PostRow | undefined> {
  return setPostHiddenQuery.first(db, {
    id,
    hidden: hiding === null ? 0 : 1,
    hiddenAt: hiding?.at ?? null,
    reason: hiding?.reason ?? null,
  })
}
