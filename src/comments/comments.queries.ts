import { compiledQuery } from '../db/compiled.js'
import type { Db } from '../db/database.js'
import type { CommentRow, NewCommentRow, PostRow } from '../db/tables.js'
import {
  pageWindow,
  paginate,
  toPage,
  type Page,
  type PageRequest,
  type PageWindow,
} from '../db/pagination.js'
import { PREFIXED_POST_COLUMNS, splitPrefixedPost } from '../posts/posts.queries.js'

const insertCommentQuery = compiledQuery((db, row: NewCommentRow) => db.insertInto('comments').values(row))

/** Inserts a comment; fails with a foreign-key violation if its post or attachment is gone. */
export async function insertComment(db: Db, row: NewCommentRow): Promise<void> {
  await insertCommentQuery.changed(db, row)
}

const commentWithPost = compiledQuery((db, v: { id: string }) =>
  db
    .selectFrom('comments')
    .innerJoin('posts', 'posts.id', 'comments.post_id')
    .selectAll('comments')
    .select(PREFIXED_POST_COLUMNS)
    .where('comments.id', '=', v.id),
)

/** The comment with this ID and its post, in one statement (every comment route checks the post). */
export async function findCommentWithPost(
  db: Db,
  id: string,
): Promise<{ comment: CommentRow; post: PostRow } | undefined> {
  const row = await commentWithPost.first(db, { id })
  if (!row) return undefined
  const { post, rest } = splitPrefixedPost(row)
  return { comment: rest, post }
}

const postComments = compiledQuery((db, v: { postId: string } & PageWindow) =>
  paginate(
    db.selectFrom('comments').selectAll().where('post_id', '=', v.postId).where('attachment_id', 'is', null),
    'comments',
    v,
  ),
)

/** One page of the comments made directly on a post (not on its attachments), newest first. */
export async function listPostComments(db: Db, postId: string, page: PageRequest): Promise<Page<CommentRow>> {
  return toPage(await postComments.rows(db, { postId, ...pageWindow(page) }), page)
}

const attachmentComments = compiledQuery((db, v: { attachmentId: string } & PageWindow) =>
  paginate(db.selectFrom('comments').selectAll().where('attachment_id', '=', v.attachmentId), 'comments', v),
)

/** One page of an attachment's comments, newest first. */
export async function listAttachmentComments(
  db: Db,
  attachmentId: string,
  page: PageRequest,
): Promise<Page<CommentRow>> {
  return toPage(await attachmentComments.rows(db, { attachmentId, ...pageWindow(page) }), page)
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
    .select(['comments.id', 'comments.post_id', 'posts.user_id as post_user_id', 'posts.visibility'])
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
): Promise<Array<{ id: string; post_id: string; post_user_id: string; visibility: PostRow['visibility'] }>> {
  return commentsOnOthersPostsQuery.rows(db, { userId })
}
