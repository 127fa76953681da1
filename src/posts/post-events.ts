import type { PostRow } from '../db/tables.js'
import type { PostWithAuthor } from './posts.queries.js'
import type { NewEvent } from '../event-log/event-log.queries.js'
import { postFromRow } from './posts.schemas.js'

// The live events of posts, built from the row the change wrote (attachments/ uses them too, for
// a cover that changes).

/** `post.created` or `post.updated` with the post as its GET answers; `previous` when its visibility changed. */
export function postEvent(
  type: 'post.created' | 'post.updated',
  row: PostWithAuthor,
  previous?: PostRow['visibility'],
): NewEvent {
  return {
    type,
    postId: row.id,
    ownerId: row.user_id,
    visibility: row.visibility,
    ...(previous !== undefined && previous !== row.visibility ? { previousVisibility: previous } : {}),
    data: postFromRow(row),
  }
}

/** `post.deleted`, seen by whoever could see the post. */
export function postDeletedEvent(row: Pick<PostRow, 'id' | 'user_id' | 'visibility'>): NewEvent {
  return {
    type: 'post.deleted',
    postId: row.id,
    ownerId: row.user_id,
    visibility: row.visibility,
    data: { id: row.id },
  }
}

/** An event about something on a post (an attachment, a comment), seen by whoever can see the post. */
export function onPostEvent(
  type: NewEvent['type'],
  post: Pick<PostRow, 'id' | 'user_id' | 'visibility'>,
  data: object,
): NewEvent {
  return { type, postId: post.id, ownerId: post.user_id, visibility: post.visibility, data }
}
