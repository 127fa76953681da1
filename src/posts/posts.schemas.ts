import { Type, type Static } from 'typebox'
import type { PostRow } from '../db/tables.js'
import { Id, isoTime, Nullable, Timestamp } from '../http/envelope.js'
import { postLinks } from '../http/links.js'
import { PageQuery } from '../http/pagination.js'

export const TITLE_MAX_LENGTH = 200
export const BODY_MAX_LENGTH = 100_000

export const Visibility = Type.Enum(['public', 'private'], {
  description: 'public: anyone can read it; private: only its author',
})

const Links = Type.Record(Type.String(), Type.String(), {
  description:
    'Absolute paths to related resources (self, attachments, comments, cover); follow, never build',
})

export const PostSchema = Type.Object({
  id: Id,
  user_id: Id,
  title: Type.String(),
  body: Type.String(),
  visibility: Visibility,
  cover_attachment_id: Nullable(
    Type.String({ format: 'uuid', description: 'Set by POST …/attachments/{aid}/select; null when none' }),
  ),
  created_at: Timestamp,
  updated_at: Timestamp,
  links: Links,
})
export type Post = Static<typeof PostSchema>

const Title = Type.String({
  minLength: 1,
  maxLength: TITLE_MAX_LENGTH,
  description: `1–${TITLE_MAX_LENGTH} characters, one line; surrounding spaces are trimmed`,
})
const Body = Type.String({
  maxLength: BODY_MAX_LENGTH,
  description: `At most ${BODY_MAX_LENGTH.toLocaleString('en')} characters; may be empty`,
})

export const CreatePostBody = Type.Object(
  {
    title: Title,
    body: Type.Optional(Body),
    visibility: Type.Optional(Visibility),
  },
  { additionalProperties: false, description: '`body` defaults to "" and `visibility` to "public"' },
)
export type CreatePostBody = Static<typeof CreatePostBody>

export const UpdatePostBody = Type.Object(
  {
    title: Type.Optional(Title),
    body: Type.Optional(Body),
    visibility: Type.Optional(Visibility),
  },
  { additionalProperties: false, description: 'Only the fields given change' },
)
export type UpdatePostBody = Static<typeof UpdatePostBody>

export const ReplacePostBody = Type.Object(
  { title: Title, body: Body, visibility: Visibility },
  { additionalProperties: false, description: 'Every writable field; a missing one is a 400' },
)
export type ReplacePostBody = Static<typeof ReplacePostBody>

export const PostListQuery = Type.Object({
  ...PageQuery.properties,
  user: Type.Optional(
    Type.String({
      maxLength: 100,
      description:
        'Only this author’s posts (a user ID; malformed → 400, unknown → empty list). Your own ID lists your ' +
        'private posts too.',
    }),
  ),
})
export type PostListQuery = Static<typeof PostListQuery>

// Characters no single-line text may hold; NUL is refused everywhere because PostgreSQL text cannot
// store it, so accepting it on SQLite would make the engines disagree.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/
// eslint-disable-next-line no-control-regex -- matching NUL is the point
const NUL = /\u0000/
const LONE_SURROGATE = /\p{Cs}/u

/** Why a free text (post or comment body) is unacceptable, or undefined when it is fine. */
export function textProblem(text: string, options: { allowBlank: boolean }): string | undefined {
  if (NUL.test(text)) return 'must not contain NUL characters'
  if (LONE_SURROGATE.test(text)) return 'must be valid Unicode (no lone surrogates)'
  if (!options.allowBlank && text.trim() === '') return 'must not be blank'
  return undefined
}

/** Why a post title is unacceptable, or undefined when it is fine. */
export function titleProblem(title: string): string | undefined {
  if (CONTROL_CHARACTERS.test(title)) return 'must be one line without control characters'
  return textProblem(title, { allowBlank: false })
}

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
