import { Type, type Static } from 'typebox'
import type { UserRow } from '../db/tables.js'
import { IncludeQuery } from '../http/include.js'
import { isoTime } from '../http/iso-time.js'
import { meLinks } from '../http/links.js'
import { Id, Links, Nullable, Timestamp } from '../http/schemas.js'
import { SessionSchema } from '../sessions/sessions.schemas.js'
import { MAX_PAGE_SIZE } from '../db/pagination.js'
import { PostSchema } from '../posts/posts.schemas.js'
import { PASSWORD_INPUT_MAX_LENGTH } from '../accounts/passwords.js'
import { PERMISSIONS } from '../http/permissions.js'
import { permissionsOf } from '../accounts/roles.js'

export const DISPLAY_NAME_MAX_LENGTH = 100
export const PREFERENCES_MAX_BYTES = 16 * 1024
/** Deepest nesting of objects and arrays in preferences (the object itself is level 1). */
export const PREFERENCES_MAX_DEPTH = 32

/** Longest raw email field accepted; the address itself is held to 254 characters after trimming. */
const EMAIL_INPUT_MAX_LENGTH = 1024

export const UserSchema = Type.Object({
  id: Id,
  email: Type.String({ format: 'email', maxLength: 254, description: 'Lower-cased at registration' }),
  display_name: Nullable(Type.String({ maxLength: DISPLAY_NAME_MAX_LENGTH })),
  preferences: Type.Record(Type.String(), Type.Unknown(), {
    description: 'Free-form JSON object of the user’s own settings (at most 16 KiB)',
  }),
  email_verified: Type.Boolean({
    description: 'True once the owner confirmed the address from a mail (POST /v1/email-verifications)',
  }),
  totp_enabled: Type.Boolean({ description: 'True while two-factor sign-in (TOTP) is on' }),
  role: Type.Enum(['member', 'moderator', 'admin'], {
    description:
      'member (everyone at first); moderator: hides and deletes others’ posts and comments, resolves reports; ' +
      'admin: also manages accounts and reads the audit log. Given by an admin or `npm run admin -- role`',
  }),
  permissions: Type.Array(Type.Enum([...PERMISSIONS]), {
    maxItems: PERMISSIONS.length,
    description:
      'What the caller’s role lets them do beyond their own content: posts:moderate, comments:moderate, ' +
      'reports:review (moderators and admins), users:manage, audit:read (admins); empty for members',
  }),
  created_at: Timestamp,
  updated_at: Timestamp,
  links: Links(
    { required: ['self', 'sessions', 'posts'] },
    'Absolute paths: self, the caller’s sessions and posts; follow, never build',
  ),
})
export type User = Static<typeof UserSchema>

/** The API representation of a stored user; never the password hash. */
export function userFromRow(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    display_name: row.display_name,
    // Most accounts never set any: their stored '{}' needs no parser (a fresh object, since it is the caller's).
    preferences: row.preferences === '{}' ? {} : (JSON.parse(row.preferences) as Record<string, unknown>),
    email_verified: row.email_verified === 1,
    totp_enabled: row.totp_enabled === 1,
    role: row.role,
    permissions: [...permissionsOf(row.role)],
    created_at: isoTime(row.created_at),
    updated_at: isoTime(row.updated_at),
    links: meLinks(),
  }
}

/** `GET /v1/me`, optionally with the first page of the caller's sessions and posts embedded. */
export const MeSchema = Type.Object({
  ...UserSchema.properties,
  sessions: Type.Optional(
    Type.Array(SessionSchema, { maxItems: MAX_PAGE_SIZE, description: 'First page; with include=sessions' }),
  ),
  posts: Type.Optional(
    Type.Array(PostSchema, { maxItems: MAX_PAGE_SIZE, description: 'First page; with include=posts' }),
  ),
})

export const RegisterBody = Type.Object(
  {
    email: Type.String({
      maxLength: EMAIL_INPUT_MAX_LENGTH,
      description: 'A valid address, unique regardless of case',
    }),
    password: Type.String({
      maxLength: PASSWORD_INPUT_MAX_LENGTH,
      description:
        'At least PASSWORD_MIN_LENGTH (default 10) and at most 256 Unicode characters after NFKC normalisation; ' +
        'not a common password, not trivially guessable, not the email. No composition rules.',
    }),
    display_name: Type.Optional(
      Nullable(
        Type.String({
          maxLength: DISPLAY_NAME_MAX_LENGTH * 4,
          description: `1–${DISPLAY_NAME_MAX_LENGTH} characters`,
        }),
      ),
    ),
  },
  {
    additionalProperties: false,
    // What the reference page's "Try it" sends as given: an account the login example then signs in to.
    examples: [{ email: 'ada@example.com', password: 'correct horse battery staple', display_name: 'Ada' }],
  },
)
export type RegisterBody = Static<typeof RegisterBody>

/** What `GET /v1/me?include=` can embed: the first page of each list. */
export const ME_INCLUDABLE = ['sessions', 'posts'] as const

export const MeQuery = Type.Object({ include: IncludeQuery(ME_INCLUDABLE) })

export const UpdateMeBody = Type.Object(
  {
    display_name: Type.Optional(
      Nullable(
        Type.String({ minLength: 1, maxLength: DISPLAY_NAME_MAX_LENGTH, description: 'null clears it' }),
      ),
    ),
    preferences: Type.Optional(
      Type.Record(Type.String(), Type.Unknown(), {
        description:
          'Merged key by key into the stored preferences; a null value removes that key; at most 32 levels deep',
      }),
    ),
  },
  { additionalProperties: false },
)
export type UpdateMeBody = Static<typeof UpdateMeBody>

export const ChangePasswordBody = Type.Object(
  {
    current_password: Type.String({ maxLength: PASSWORD_INPUT_MAX_LENGTH }),
    new_password: Type.String({
      maxLength: PASSWORD_INPUT_MAX_LENGTH,
      description: 'Same rules as at registration',
    }),
  },
  { additionalProperties: false },
)
export type ChangePasswordBody = Static<typeof ChangePasswordBody>

export const DeleteMeBody = Type.Object(
  {
    password: Type.String({
      maxLength: PASSWORD_INPUT_MAX_LENGTH,
      description: 'The account password, to confirm',
    }),
  },
  { additionalProperties: false },
)
export type DeleteMeBody = Static<typeof DeleteMeBody>
