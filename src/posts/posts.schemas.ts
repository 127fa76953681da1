import { Type, type Static } from 'typebox'
import type { PostRow } from '../db/tables.js'
import { Id, isoTime, Nullable, Timestamp } from '../http/envelope.js'
import { postLinks } from '../http/links.js'

export const TITLE_MAX_LENGTH = 200
export const BODY_MAX_LENGTH = 100_000

export const Visibility = Type.Enum(['public', 'private'], {
  description: 'public: anyone can read it; private: only its author',
})

export const PostSchema = Type.Object({
  id: Id,
  user_id: Id,
  title: Type.String(),
  body: Type.String(),
  visibility: Visibility,
  cover_attachment_id: Nullable(Type.String({ format: 'uuid' })),
  created_at: Timestamp,
  updated_at: Timestamp,
  links: Type.Record(Type.String(), Type.String()),
})
export type Post = Static<typeof PostSchema>

/** The API representation of a stored post. */
export function postFromRow(row: PostRow): Post {
  return {
    id: row.id,
    user_id: row.user_id,
    title: row.title,
    body: row.body,
    visibility: row.visibility,
    cover_attachment_id: row.cover_attachment_id,
    created_at: isoTime(row.created_at),
    updated_at: isoTime(row.updated_at),
    links: postLinks(row),
  }
}
