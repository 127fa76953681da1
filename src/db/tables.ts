import type { Insertable, Selectable, Updateable } from 'kysely'

// One interface per table. Timestamps are epoch milliseconds (BIGINT) on both engines; IDs are
// UUIDv7 text; JSON is stored as text so both engines read it back the same way.

export interface UsersTable {
  id: string
  /** Lower-cased at registration; unique. */
  email: string
  password_hash: string
  display_name: string | null
  /** JSON object text. */
  preferences: string
  /** Incremented on every change; the ETag of the profile. */
  version: number
  created_at: number
  updated_at: number
}

export interface SessionsTable {
  id: string
  user_id: string
  /** SHA-256 of the token, hex; the token itself is never stored. */
  token_hash: string
  user_agent: string | null
  ip: string | null
  created_at: number
  /** Last time the session was created or used (written at most once per touch interval). */
  updated_at: number
}

export interface RateLimitsTable {
  key: string
  count: number
  /** When the current window ends and the count starts again from zero. */
  reset_at: number
}

export interface PostsTable {
  id: string
  user_id: string
  title: string
  body: string
  visibility: 'public' | 'private'
  cover_attachment_id: string | null
  version: number
  created_at: number
  updated_at: number
}

export interface AttachmentsTable {
  id: string
  post_id: string
  filename: string
  content_type: string
  size: number
  /** Lowercase hex SHA-256 of the content; also its strong ETag. */
  sha256: string
  content: Buffer
  version: number
  created_at: number
  updated_at: number
}

export interface CommentsTable {
  id: string
  post_id: string
  /** Null for a comment made directly on the post. */
  attachment_id: string | null
  user_id: string
  body: string
  version: number
  created_at: number
  updated_at: number
}

export interface Tables {
  users: UsersTable
  sessions: SessionsTable
  rate_limits: RateLimitsTable
  posts: PostsTable
  attachments: AttachmentsTable
  comments: CommentsTable
}

/** How the data copy walks a table: by its primary key, so many rows at a time. */
export interface TableCopyPlan {
  key: readonly string[]
  /** Rows per copy batch (default 500); small where rows carry file bytes. */
  batchRows?: number
}

/**
 * Every table, parents before children (a row's references are always copied before it): `npm run
 * data -- copy` walks them in this order. Typed by `Tables`, so a new table that is not listed here
 * does not compile; a test also checks it against the migrated schema.
 */
export const TABLES_IN_ORDER: { readonly [Name in keyof Tables]: TableCopyPlan } = {
  users: { key: ['id'] },
  sessions: { key: ['id'] },
  rate_limits: { key: ['key'] },
  posts: { key: ['id'] },
  attachments: { key: ['id'], batchRows: 8 },
  comments: { key: ['id'] },
}

export type UserRow = Selectable<UsersTable>
export type NewUserRow = Insertable<UsersTable>
export type UserUpdate = Updateable<UsersTable>
export type SessionRow = Selectable<SessionsTable>
export type NewSessionRow = Insertable<SessionsTable>
export type PostRow = Selectable<PostsTable>
export type NewPostRow = Insertable<PostsTable>
export type AttachmentRow = Selectable<AttachmentsTable>
export type NewAttachmentRow = Insertable<AttachmentsTable>
export type CommentRow = Selectable<CommentsTable>
export type NewCommentRow = Insertable<CommentsTable>
