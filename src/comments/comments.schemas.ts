import { Type, type Static } from 'typebox'
import { AuthorSchema, authorOf } from '../posts/posts.schemas.js'
import type { CommentWithAuthor } from './comments.queries.js'
import { isoTime } from '../http/iso-time.js'
import { Id, Links, Nullable, Timestamp } from '../http/schemas.js'
import { commentLinks } from '../http/links.js'

const COMMENT_MAX_LENGTH = 10_000

export const CommentSchema = Type.Object({
  id: Id,
  post_id: Id,
  attachment_id: Nullable(
    Type.String({
      format: 'uuid',
      maxLength: 36,
      description: 'The attachment commented on; null on a post comment',
    }),
  ),
  user_id: Id,
  author: AuthorSchema,
  body: Type.String({ maxLength: COMMENT_MAX_LENGTH }),
  created_at: Timestamp,
  updated_at: Timestamp,
  links: Links(
    { required: ['self', 'post'], optional: ['attachment'] },
    'Absolute paths to the comment, its post and (if any) its attachment',
  ),
})
type Comment = Static<typeof CommentSchema>

const CommentText = Type.String({
  minLength: 1,
  maxLength: COMMENT_MAX_LENGTH,
  description: `1–${COMMENT_MAX_LENGTH.toLocaleString('en')} characters, not only spaces`,
})

export const CommentBody = Type.Object(
  { body: CommentText },
  { additionalProperties: false, description: 'The comment; `body` is required' },
)
export type CommentBody = Static<typeof CommentBody>

export const UpdateCommentBody = Type.Object(
  { body: Type.Optional(CommentText) },
  { additionalProperties: false, description: 'Only the fields given change' },
)
export type UpdateCommentBody = Static<typeof UpdateCommentBody>

/** The API representation of a stored comment. */
export function commentFromRow(row: CommentWithAuthor): Comment {
  return {
    id: row.id,
    post_id: row.post_id,
    attachment_id: row.attachment_id,
    user_id: row.user_id,
    author: authorOf(row.user_id, row.author_display_name),
    body: row.body,
    created_at: isoTime(row.created_at),
    updated_at: isoTime(row.updated_at),
    links: commentLinks(row),
  }
}
