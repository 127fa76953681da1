import { Type, type Static } from 'typebox'
import type { PostWithAuthor } from './posts.queries.js'
import { isoTime } from '../http/iso-time.js'
import { Id, Links, Nullable, Timestamp, PageQuery } from '../http/schemas.js'
import { postLinks } from '../http/links.js'
import { singleLineProblem } from '../http/text.js'

const TITLE_MAX_LENGTH = 200
const BODY_MAX_LENGTH = 100_000

const Visibility = Type.Enum(['public', 'private'], {
  description: 'public: anyone can read it; private: only its author',
})

const PostLinks = Links(
  { required: ['self', 'attachments', 'comments', 'author_posts'], optional: ['cover'] },
  'Absolute paths to related resources (self, attachments, comments, the author’s posts, the cover when set); ' +
    'follow, never build',
)

/** Who wrote a post or comment, as a reader may see them: never their email. */
export const AuthorSchema = Type.Object(
  {
    id: Id,
    display_name: Nullable(Type.String({ maxLength: 100, description: 'null when the author has set none' })),
  },
  { description: 'The author, enough to show a byline' },
)

/** The API representation of an author from their ID and display name. */
export function authorOf(userId: string, displayName: string | null): Static<typeof AuthorSchema> {
  return { id: userId, display_name: displayName }
}

export const PostSchema = Type.Object({
  id: Id,
  user_id: Id,
  author: AuthorSchema,
  title: Type.String({ maxLength: TITLE_MAX_LENGTH }),
  body: Type.String({ maxLength: BODY_MAX_LENGTH }),
  visibility: Visibility,
  cover_attachment_id: Nullable(
    Type.String({
      format: 'uuid',
      maxLength: 36,
      description: 'Set by POST …/attachments/{aid}/select; null when none',
    }),
  ),
  created_at: Timestamp,
  updated_at: Timestamp,
  links: PostLinks,
})
type Post = Static<typeof PostSchema>

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

/** Why a post title is unacceptable, or undefined when it is fine. */
export function titleProblem(title: string): string | undefined {
  return singleLineProblem(title)
}

/** The API representation of a stored post. */
export function postFromRow(row: PostWithAuthor): Post {
  return {
    id: row.id,
    user_id: row.user_id,
    author: authorOf(row.user_id, row.author_display_name),
    title: row.title,
    body: row.body,
    visibility: row.visibility,
    cover_attachment_id: row.cover_attachment_id,
    created_at: isoTime(row.created_at),
    updated_at: isoTime(row.updated_at),
    links: postLinks(row),
  }
}
