import { compiledQuery } from '../db/compiled.js'
import type { Db } from '../db/database.js'
import type { SelectQueryBuilder } from 'kysely'
import type { CommentRow, NewCommentRow, PostRow, Tables } from '../db/tables.js'
import { insertWithEvent, type NewEvent } from '../event-log/event-log.queries.js'
import {
  pageWindow,
  paginate,
  toPage,
  type Page,
  type PageRequest,
  type PageWindow,
} from '../db/pagination.js'
import { PREFIXED_POST_COLUMNS, splitPrefixedPost } from '../posts/posts.queries.js'

/** A comment as the API shows it: its row and its author's display name, read in the same statement. */
export type CommentWithAuthor = CommentRow & { author_display_name: string | null }

/** Comments joined to their authors, so a page of comments and their authors is one statement. */
function commentsWithAuthors(db: Db) {
  return db
    .selectFrom('comments')
    .innerJoin('users', 'users.id', 'comments.user_id')
    .selectAll('comments')
    .select('users.display_name as author_display_name')
}

const buildInsertComment = (db: Db, row: NewCommentRow) => db.insertInto('comments').values(row)
const insertCommentQuery = compiledQuery(buildInsertComment)
const insertCommentWithEventQuery = insertWithEvent(buildInsertComment)

/** Inserts a comment; fails with a foreign-key violation if its post or attachment is gone. */
export async function insertComment(db: Db, row: NewCommentRow): Promise<void> {
  await insertCommentQuery.changed(db, row)
}

/** `insertComment` and the event it sends, as one atomic write (insertWithEvent). */
export async function insertCommentWithEvent(db: Db, row: NewCommentRow, event: NewEvent): Promise<void> {
  await insertCommentWithEventQuery.run(db, row, event)
}

/** Comments with their authors, joined to their posts: a comment and what its routes check are one statement. */
function commentsWithPosts(db: Db) {
  return commentsWithAuthors(db)
    .innerJoin('posts', 'posts.id', 'comments.post_id')
    .select(PREFIXED_POST_COLUMNS)
}

/** A comment and its post, from a row of `commentsWithPosts`. */
function commentAndPost(row: CommentWithAuthor & Parameters<typeof splitPrefixedPost>[0]): {
  comment: CommentWithAuthor
  post: PostRow
} {
  const { post, rest } = splitPrefixedPost(row)
  return { comment: rest, post }
}

const commentWithPost = compiledQuery((db, v: { id: string }) =>
  commentsWithPosts(db).where('comments.id', '=', v.id),
)

/**
 * The comment with this ID, its author's display name and its post, in one statement (every comment
 * route checks the post).
 */
export async function findCommentWithPost(
  db: Db,
  id: string,
): Promise<{ comment: CommentWithAuthor; post: PostRow } | undefined> {
  const row = await commentWithPost.first(db, { id })
  return row && commentAndPost(row)
}

const commentsWithPostsByIds = compiledQuery((db, v: { ids: string[] }) =>
  commentsWithPosts(db).where('comments.id', 'in', v.ids),
)

/** The comments among these IDs (at most MAX_LIST_LENGTH) that exist, each with its post, in no order. */
export async function findCommentsWithPosts(
  db: Db,
  ids: string[],
): Promise<Array<{ comment: CommentWithAuthor; post: PostRow }>> {
  return (await commentsWithPostsByIds.rows(db, { ids })).map(commentAndPost)
}

/**
 * Which hidden comments a list shows: every one (`all`, a moderator's view), else only those `ownerId`
 * wrote (none when undefined). Hidden comments are few, so the condition filters the rows the list's
 * index already orders.
 */
interface HiddenCommentsShown {
  all: boolean
  ownerId: string | undefined
}

/** The compiled-query values of a `HiddenCommentsShown`: both undefined shows every hidden comment. */
function hiddenValues(shown: HiddenCommentsShown): {
  shownOnly: number | undefined
  ownerId: string | undefined
} {
  return shown.all ? { shownOnly: undefined, ownerId: undefined } : { shownOnly: 0, ownerId: shown.ownerId }
}

type HiddenValues = ReturnType<typeof hiddenValues>

/** Narrows a comment list to the hidden comments the reader may see (see `HiddenCommentsShown`). */
function withoutHidden<Q extends SelectQueryBuilder<Tables, 'comments' | 'users', CommentWithAuthor>>(
  query: Q,
  v: HiddenValues,
): Q {
  if (v.shownOnly === undefined) return query
  const shownOnly = v.shownOnly
  const ownerId = v.ownerId
  if (ownerId === undefined) return query.where('comments.hidden', '=', shownOnly) as Q
  return query.where((eb) =>
    eb.or([eb('comments.hidden', '=', shownOnly), eb('comments.user_id', '=', ownerId)]),
  ) as Q
}

const postComments = compiledQuery((db, v: { postId: string } & HiddenValues & PageWindow) =>
  paginate(
    withoutHidden(
      commentsWithAuthors(db)
        .where('comments.post_id', '=', v.postId)
        .where('comments.attachment_id', 'is', null),
      v,
    ),
    'comments',
    v,
  ),
)

/** One page of the comments made directly on a post (not on its attachments), newest first. */
export async function listPostComments(
  db: Db,
  postId: string,
  page: PageRequest,
  shown: HiddenCommentsShown,
): Promise<Page<CommentWithAuthor>> {
  return toPage(await postComments.rows(db, { postId, ...hiddenValues(shown), ...pageWindow(page) }), page)
}

const attachmentComments = compiledQuery((db, v: { attachmentId: string } & HiddenValues & PageWindow) =>
  paginate(
    withoutHidden(commentsWithAuthors(db).where('comments.attachment_id', '=', v.attachmentId), v),
    'comments',
    v,
  ),
)

/** One page of an attachment's comments, newest first. */
export async function listAttachmentComments(
  db: Db,
  attachmentId: string,
  page: PageRequest,
  shown: HiddenCommentsShown,
): Promise<Page<CommentWithAuthor>> {
  return toPage(
    await attachmentComments.rows(db, { attachmentId, ...hiddenValues(shown), ...pageWindow(page) }),
    page,
  )
}

const updateCommentQuery = compiledQuery(
  (db, v: { id: string; body: string; now: number; expectedVersion: number | undefined }) => {
    let update = db
      .updateTable('comments')
      .set((eb) => ({ body: v.body, updated_at: v.now, version: eb('version', '+', 1) }))
      .where('id', '=', v.id)
    if (v.expectedVersion !== undefined) update = update.where('version', '=', v.expectedVersion)
    return update.returningAll()
  },
)

/**
 * Replaces a comment's body and bumps its version; with `expectedVersion`, only if nobody changed it
 * meanwhile. Returns the updated row, or undefined when it is gone or the version moved on.
 */
export function updateComment(
  db: Db,
  id: string,
  body: string,
  now: number,
  expectedVersion?: number,
): Promise<CommentRow | undefined> {
  return updateCommentQuery.first(db, { id, body, now, expectedVersion })
}

const setCommentHiddenQuery = compiledQuery(
  (db, v: { id: string; hidden: number; hiddenAt: number | null; reason: string | null }) =>
    db
      .updateTable('comments')
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
 * Hides a comment (`hiding` says when and why) or shows it again (null), bumping its version but not
 * `updated_at` (the author's last edit). Undefined when it is gone.
 */
export function setCommentHidden(
  db: Db,
  id: string,
  hiding: { at: number; reason: string | null } | null,
): Promise<CommentRow | undefined> {
  return setCommentHiddenQuery.first(db, {
    id,
    hidden: hiding === null ? 0 : 1,
    hiddenAt: hiding?.at ?? null,
    reason: hiding?.reason ?? null,
  })
}

const deleteCommentQuery = compiledQuery((db, v: { id: string; expectedVersion: number | undefined }) => {
  let query = db.deleteFrom('comments').where('id', '=', v.id)
  if (v.expectedVersion !== undefined) query = query.where('version', '=', v.expectedVersion)
  return query
})

/** Deletes a comment (with `expectedVersion`, only at that version); false when nothing matched. */
export async function deleteComment(db: Db, id: string, expectedVersion?: number): Promise<boolean> {
  return (await deleteCommentQuery.changed(db, { id, expectedVersion })) > 0
}

const commentsOnOthersPostsQuery = compiledQuery((db, v: { userId: string }) =>
  db
    .selectFrom('comments')
    .innerJoin('posts', 'posts.id', 'comments.post_id')
    .select([
      'comments.id',
      'comments.post_id',
      'comments.hidden as comment_hidden',
      'posts.user_id as post_user_id',
      'posts.visibility',
      'posts.hidden',
    ])
    .where('comments.user_id', '=', v.userId)
    .where('posts.user_id', '!=', v.userId),
)

/**
 * A user's comments on other users' posts, with what their deletion events need (the post's author and
 * visibility): read before the account's deletion takes them with it.
 */
export function findCommentsOnOthersPosts(
  db: Db,
  userId: string,
): Promise<
  Array<{
    id: string
    post_id: string
    comment_hidden: number
    post_user_id: string
    visibility: PostRow['visibility']
    hidden: number
  }>
> {
  return commentsOnOthersPostsQuery.rows(db, { userId })
}
