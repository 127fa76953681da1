import type { PostRow } from '../db/tables.js'
import type { PostWithAuthor } from './posts.queries.js'
import type { NewEvent } from '../event-log/event-log.queries.js'
import { serializerFor } from '../http/serialization.js'
import { PostSchema, postFromRow } from './posts.schemas.js'

// The live events of posts, built from the row the change wrote (attachments/ and comments/ use them
// too). A post or comment a moderator hid is seen only by its author, so its events are private to
// them: hiding reads to everyone else as a visibility change (post.deleted), showing it again as
// post.created. Moderators do not receive hidden content live; they read it by GET.

type Shown = Pick<PostRow, 'visibility' | 'hidden'>

/** Who a post's events reach: its audience, unless a moderator hid it. */
export function eventVisibility(post: Shown): PostRow['visibility'] {
  return post.hidden === 0 ? post.visibility : 'private'
}

// A post's event carries it as JSON text written by its answers' serializer: what its GET answers, and
// what a route that answers with the same post sends without serializing it again.
const postJson = serializerFor(PostSchema)

/** `post.created` or `post.updated` with the post as its GET answers; `previous` when its visibility changed. */
export function postEvent(
  type: 'post.created' | 'post.updated',
  row: PostWithAuthor,
  previous?: PostRow['visibility'],
): NewEvent & { data: string } {
  const visibility = eventVisibility(row)
  return {
    type,
    postId: row.id,
    ownerId: row.user_id,
    visibility,
    ...(previous !== undefined && previous !== visibility ? { previousVisibility: previous } : {}),
    data: postJson(postFromRow(row)),
  }
}

/** `post.deleted`, seen by whoever could see the post. */
export function postDeletedEvent(row: Pick<PostRow, 'id' | 'user_id'> & Shown): NewEvent {
  return {
    type: 'post.deleted',
    postId: row.id,
    ownerId: row.user_id,
    visibility: eventVisibility(row),
    data: { id: row.id },
  }
}

/** `comment.deleted`, seen by whoever could see the comment. */
export function commentDeletedEvent(
  post: Pick<PostRow, 'id' | 'user_id'> & Shown,
  comment: { id: string; user_id: string; hidden: number },
): NewEvent {
  return onPostEvent(
    'comment.deleted',
    post,
    { id: comment.id, post_id: post.id },
    comment.hidden === 0 ? undefined : comment.user_id,
  )
}

/**
 * An event about something on a post (an attachment, a comment), seen by whoever can see the post; a
 * hidden comment (`hiddenItemOf`: its author) only by its own author.
 */
export function onPostEvent(
  type: NewEvent['type'],
  post: Pick<PostRow, 'id' | 'user_id'> & Shown,
  data: NewEvent['data'],
  hiddenItemOf?: string,
): NewEvent {
  if (hiddenItemOf !== undefined) {
    return { type, postId: post.id, ownerId: hiddenItemOf, visibility: 'private', data }
  }
  return { type, postId: post.id, ownerId: post.user_id, visibility: eventVisibility(post), data }
}
