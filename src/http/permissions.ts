import { ApiError, notFound } from '../errors.js'
import { unauthenticated, type Caller } from './caller.js'

// "May they see / change this": the one place permissions are decided. A resource the caller may not
// see answers 404 (its existence is not revealed); one they may see but not change answers 403. Beyond
// their own content, what a caller may do is a set of permissions (derived from their role by
// accounts/roles.ts when they are authenticated); routes ask for a permission, never for a role.

/** Every permission a role can grant; `GET /v1/me` lists the caller's. */
export const PERMISSIONS = [
  'posts:moderate',
  'comments:moderate',
  'reports:review',
  'users:manage',
  'audit:read',
] as const
export type Permission = (typeof PERMISSIONS)[number]

/** True when the caller holds the permission (never for an anonymous caller). */
export function can(caller: Caller | null, permission: Permission): boolean {
  return caller?.permissions.has(permission) ?? false
}

/** The caller, if they hold the permission: 401 without a session, 403 without the permission. */
export function requirePermission(caller: Caller | null, permission: Permission): Caller {
  if (!caller) throw unauthenticated('This endpoint needs a session token')
  if (!caller.permissions.has(permission))
    throw new ApiError('FORBIDDEN', `This needs the ${permission} permission`)
  return caller
}

interface Hideable {
  user_id: string
  hidden: number
}

interface PostAccess extends Hideable {
  visibility: 'public' | 'private'
}

/**
 * True when the caller may read the post (and so everything under it): their own, or a public one that
 * is not hidden, or hidden but the caller moderates posts. Moderators see no private post of others.
 */
export function canSeePost(caller: Caller | null, post: PostAccess): boolean {
  if (caller?.userId === post.user_id) return true
  return post.visibility === 'public' && (post.hidden === 0 || can(caller, 'posts:moderate'))
}

/**
 * The post, if the caller may see it; otherwise 404 whether or not it exists. `addressed` names what
 * the URL asked for (a comment or attachment reached by its own ID), so a hidden parent answers exactly
 * like a missing child and the message does not reveal that something exists there.
 */
export function visiblePost<T extends PostAccess>(
  caller: Caller | null,
  post: T | undefined,
  addressed: 'Post' | 'Attachment' | 'Comment' = 'Post',
): T {
  if (!post || !canSeePost(caller, post)) throw notFound(addressed)
  return post
}

/**
 * A post and its attachment (as `findPostWithAttachment` reads them), if the caller may see the post:
 * 404 for a post that is missing or hidden, then 404 for an attachment that is not the post's.
 */
export function visiblePostAttachment<P extends PostAccess, A>(
  caller: Caller | null,
  found: { post: P; attachment: A | undefined } | undefined,
): { post: P; attachment: A } {
  const post = visiblePost(caller, found?.post)
  const attachment = found?.attachment
  if (attachment === undefined) throw notFound('Attachment')
  return { post, attachment }
}

/**
 * True when the caller may read the comment on this post: they may see the post, and a hidden comment
 * only its own author and comment moderators see (not the post's author).
 */
export function canSeeComment(
  caller: Caller | null,
  found: { comment: Hideable; post: PostAccess },
): boolean {
  const { comment, post } = found
  if (!canSeePost(caller, post)) return false
  return comment.hidden === 0 || caller?.userId === comment.user_id || can(caller, 'comments:moderate')
}

/** A comment and its post, if the caller may see both (see canSeeComment); 404 otherwise. */
export function visibleComment<C extends Hideable, P extends PostAccess>(
  caller: Caller | null,
  found: { comment: C; post: P } | undefined,
): { comment: C; post: P } {
  if (!found || !canSeeComment(caller, found)) throw notFound('Comment')
  return found
}

/**
 * Which hidden rows a list shows the caller, as the list queries take it: every one (`all`, for holders
 * of the moderation permission), else only those the caller wrote (`ownerId`; none when anonymous).
 */
export function hiddenRowsShown(
  caller: Caller | null,
  permission: 'posts:moderate' | 'comments:moderate',
): { all: boolean; ownerId: string | undefined } {
  return { all: can(caller, permission), ownerId: caller?.userId }
}

/** Throws 403 unless the caller wrote the post (needed to change it, upload to it or select its cover). */
export function assertPostAuthor(caller: Caller | null, post: { user_id: string }): void {
  if (caller?.userId !== post.user_id) throw new ApiError('FORBIDDEN', 'Only the post’s author can do this')
}

/** Throws 403 unless the caller wrote the comment (needed to edit it). */
export function assertCommentAuthor(caller: Caller | null, comment: { user_id: string }): void {
  if (caller?.userId !== comment.user_id)
    throw new ApiError('FORBIDDEN', 'Only the comment’s author can edit it')
}

/**
 * Why the caller may delete a post or one of its attachments: as its `author`, or as a `moderator`
 * (whose deletion is a moderation action, audited); 403 otherwise.
 */
export function postDeletionRight(caller: Caller | null, post: { user_id: string }): 'author' | 'moderator' {
  if (caller?.userId === post.user_id) return 'author'
  if (can(caller, 'posts:moderate')) return 'moderator'
  throw new ApiError('FORBIDDEN', 'Only the post’s author or a moderator can delete this')
}

/**
 * Why the caller may delete a comment: as its author or the post's (`author`), or as a `moderator`
 * (audited); 403 otherwise.
 */
export function commentDeletionRight(
  caller: Caller | null,
  comment: { user_id: string },
  post: { user_id: string },
): 'author' | 'moderator' {
  if (caller?.userId === comment.user_id || caller?.userId === post.user_id) return 'author'
  if (can(caller, 'comments:moderate')) return 'moderator'
  throw new ApiError('FORBIDDEN', 'Only the comment’s author, the post’s author or a moderator can delete it')
}
