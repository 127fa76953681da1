import { ApiError, notFound } from '../errors.js'
import type { Caller } from './caller.js'

// "May they see / change this": the one place content permissions are decided. A resource the
// caller may not see answers 404 (its existence is not revealed); one they may see but not change
// answers 403.

interface PostAccess {
  user_id: string
  visibility: 'public' | 'private'
}

/** True when the caller may read the post (and so everything under it). */
function canSeePost(caller: Caller | null, post: PostAccess): boolean {
  return post.visibility === 'public' || caller?.userId === post.user_id
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

/** Throws 403 unless the caller wrote the post (needed to change it, upload to it or delete it). */
export function assertPostAuthor(caller: Caller | null, post: PostAccess): void {
  if (caller?.userId !== post.user_id) throw new ApiError('FORBIDDEN', 'Only the post’s author can do this')
}

/** Throws 403 unless the caller wrote the comment (needed to edit it). */
export function assertCommentAuthor(caller: Caller | null, comment: { user_id: string }): void {
  if (caller?.userId !== comment.user_id)
    throw new ApiError('FORBIDDEN', 'Only the comment’s author can edit it')
}

/** Throws 403 unless the caller wrote the comment or the post it is on (either may delete it). */
export function assertCanDeleteComment(
  caller: Caller | null,
  comment: { user_id: string },
  post: PostAccess,
): void {
  if (caller?.userId !== comment.user_id && caller?.userId !== post.user_id) {
    throw new ApiError('FORBIDDEN', 'Only the comment’s author or the post’s author can delete it')
  }
}
