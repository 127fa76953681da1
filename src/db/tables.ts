import type { Generated, Insertable, Selectable } from 'kysely'

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
  /** Incremented on every password change; a login creates its session only if it is unchanged. */
  credentials_version: number
  created_at: number
  updated_at: number
  /** 1 once the owner proved they receive mail at `email`, else 0. */
  email_verified: Generated<number>
  /** 1 while two-factor sign-in is on (its secret is in `totp_credentials`), else 0. */
  totp_enabled: Generated<number>
  /** Total size of the attachments on the user's posts, in bytes: what USER_STORAGE_MAX_BYTES limits. */
  storage_bytes: Generated<number>
  /** What the account may do beyond its own content (accounts/roles.ts). */
  role: Generated<Role>
  /** 1 while an admin has disabled the account: no session, no login. */
  disabled: Generated<number>
}

/** A user's role: `member` by default; `moderator` and `admin` are given by an admin or the command line. */
export type Role = 'member' | 'moderator' | 'admin'

/** Hiding by a moderator, on posts and comments: 1 while hidden, with when and why. */
interface Hideable {
  hidden: Generated<number>
  hidden_at: Generated<number | null>
  hidden_reason: Generated<string | null>
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

export interface PostsTable extends Hideable {
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
  version: number
  created_at: number
  updated_at: number
}

/** A file's bytes, in consecutive chunks (of at most 256 KiB), so a download reads one bounded slice at a time. */
export interface AttachmentChunksTable {
  attachment_id: string
  /** The offset in the file of the chunk's first byte; chunks of one file follow each other without gaps. */
  first_byte: number
  bytes: Buffer
}

export interface CommentsTable extends Hideable {
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

/**
 * What an emailed token lets its holder do (`email_change_cancel`: void the pending email change;
 * `login_confirmation`: sign in past the account's failure ceiling).
 */
export type AccountTokenPurpose =
  'password_reset' | 'email_verification' | 'email_change' | 'email_change_cancel' | 'login_confirmation'

export interface AccountTokensTable {
  id: string
  user_id: string
  purpose: AccountTokenPurpose
  /** SHA-256 of the token, hex; the token itself only ever travels in the mail. */
  token_hash: string
  /** The address the token was mailed to (for an email change: the new address; its cancel link: the old). */
  email: string
  expires_at: number
  created_at: number
}

export interface TotpCredentialsTable {
  user_id: string
  /** The active secret, encrypted (AES-256-GCM); null while two-factor sign-in is off. */
  secret: string | null
  /** A secret being enrolled, encrypted, until a code confirms it. */
  pending_secret: string | null
  /** The last time step a code was accepted for; codes of this step or earlier are refused (no replay). */
  last_step: number | null
  updated_at: number
}

export interface RecoveryCodesTable {
  id: string
  user_id: string
  /** SHA-256 of the normalised code, hex. */
  code_hash: string
  created_at: number
}

export interface MailOutboxTable {
  id: string
  recipient: string
  /** Which template renders the message. */
  template: string
  /** The template's parameters as JSON, encrypted (they can hold a live token). */
  payload: string
  status: 'pending' | 'failed'
  attempts: number
  next_attempt_at: number
  /** Which sender holds the row, and until when; another may take it once the lease has run out. */
  claim_id: string | null
  claimed_until: number | null
  last_error: string | null
  created_at: number
}

/** What an audit event is about. */
export type TargetType = 'post' | 'attachment' | 'comment' | 'user' | 'report'

/** A user's report of a post, attachment or comment, open until a moderator resolves it. */
export interface ReportsTable {
  id: string
  reporter_id: string
  target_type: 'post' | 'attachment' | 'comment'
  target_id: string
  /** The post the item is on (the item itself for a post). */
  post_id: string
  reason: 'spam' | 'abuse' | 'illegal' | 'other'
  note: string | null
  status: 'open' | 'resolved'
  action: 'dismiss' | 'hide' | 'delete' | null
  resolution_note: string | null
  resolver_id: string | null
  resolved_at: number | null
  created_at: number
}

/** One moderation or administration action; appended, never changed or deleted through the API. */
export interface AuditEventsTable {
  id: string
  /** Null when the command line acted. */
  actor_id: string | null
  action: string
  target_type: TargetType
  target_id: string
  note: string | null
  created_at: number
}

/** One live event (see event-log/): what changed, who may see it, and its `data` as JSON text. */
export interface EventsTable {
  /**
   * The cursor, from a sequence: increasing, but on PostgreSQL a later one may commit before an earlier
   * one (events/commit-order.ts).
   */
  id: Generated<number>
  type: string
  post_id: string | null
  owner_id: string
  visibility: 'public' | 'private'
  previous_visibility: 'public' | 'private' | null
  payload: string
  created_at: number
}

/**
 * The cursor through which the retention job has trimmed the outbox (one row, id 1; none until the
 * first trim): no event at or below it is kept, and a stream may resume only after a cursor at or past it.
 */
export interface EventWatermarkTable {
  id: number
  trimmed_through: number
}

export interface Tables {
  users: UsersTable
  sessions: SessionsTable
  rate_limits: RateLimitsTable
  posts: PostsTable
  attachments: AttachmentsTable
  attachment_chunks: AttachmentChunksTable
  comments: CommentsTable
  account_tokens: AccountTokensTable
  totp_credentials: TotpCredentialsTable
  recovery_codes: RecoveryCodesTable
  mail_outbox: MailOutboxTable
  reports: ReportsTable
  audit_events: AuditEventsTable
  events: EventsTable
  event_watermark: EventWatermarkTable
}

/** How the data copy walks a table: by its primary key, so many rows at a time. */
export interface TableCopyPlan {
  key: readonly string[]
  /** Rows per copy batch (default 500); small where rows carry file bytes. */
  batchRows?: number
  /** A column the database numbers itself: the target's numbering goes on past the copied rows. */
  sequence?: string
  /**
   * A value elsewhere the numbering must also go past: numbers handed out to rows since deleted, which
   * the copied rows no longer show.
   */
  sequenceFloor?: { table: keyof Tables; column: string }
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
  attachments: { key: ['id'] },
  // Up to 256 KiB a row: 16 rows keep a batch within 4 MiB.
  attachment_chunks: { key: ['attachment_id', 'first_byte'], batchRows: 16 },
  comments: { key: ['id'] },
  account_tokens: { key: ['id'] },
  totp_credentials: { key: ['user_id'] },
  recovery_codes: { key: ['id'] },
  // Queued mail is copied too, so a move loses none; it (and TOTP secrets) open only with the same SECRET_KEY.
  mail_outbox: { key: ['id'] },
  reports: { key: ['id'] },
  audit_events: { key: ['id'] },
  // Copied with their cursor, so streams resume across a move within the retention.
  events: {
    key: ['id'],
    sequence: 'id',
    sequenceFloor: { table: 'event_watermark', column: 'trimmed_through' },
  },
  // With the events, so a stream resumes after the same cursors, and is reset after the same ones.
  event_watermark: { key: ['id'] },
}

export type UserRow = Selectable<UsersTable>
export type NewUserRow = Insertable<UsersTable>
export type SessionRow = Selectable<SessionsTable>
export type NewSessionRow = Insertable<SessionsTable>
export type PostRow = Selectable<PostsTable>
export type NewPostRow = Insertable<PostsTable>
export type AttachmentRow = Selectable<AttachmentsTable>
export type NewAttachmentRow = Insertable<AttachmentsTable>
export type AttachmentChunkRow = Selectable<AttachmentChunksTable>
export type CommentRow = Selectable<CommentsTable>
export type NewCommentRow = Insertable<CommentsTable>
export type AccountTokenRow = Selectable<AccountTokensTable>
export type TotpCredentialsRow = Selectable<TotpCredentialsTable>
export type NewRecoveryCodeRow = Insertable<RecoveryCodesTable>
export type ReportRow = Selectable<ReportsTable>
export type AuditEventRow = Selectable<AuditEventsTable>
export type MailOutboxRow = Selectable<MailOutboxTable>
export type NewMailOutboxRow = Insertable<MailOutboxTable>
export type EventRow = Selectable<EventsTable>
export type NewEventRow = Insertable<EventsTable>
