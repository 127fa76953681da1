import { Type, type Static } from 'typebox'
import type { UserRow } from '../db/tables.js'
import { isoTime } from '../http/iso-time.js'
import { userLinks } from '../http/links.js'
import { Id, Links, Nullable, PageQuery, Timestamp } from '../http/schemas.js'

const RoleSchema = Type.Enum(['member', 'moderator', 'admin'], {
  description:
    'member: their own content; moderator: also hides and deletes others’ posts and comments and resolves reports; ' +
    'admin: also manages accounts and reads the audit log',
})

/** An account as admins see it: no preferences (the owner's own), but the role and whether it is disabled. */
export const AdminUserSchema = Type.Object({
  id: Id,
  email: Type.String({ format: 'email', maxLength: 254 }),
  display_name: Nullable(Type.String({ maxLength: 100 })),
  role: RoleSchema,
  disabled: Type.Boolean({ description: 'True while an admin has disabled the account: it cannot sign in' }),
  email_verified: Type.Boolean(),
  totp_enabled: Type.Boolean(),
  created_at: Timestamp,
  updated_at: Timestamp,
  links: Links({ required: ['self', 'posts'] }, 'Absolute paths: the account and its public posts'),
})
type AdminUser = Static<typeof AdminUserSchema>

export const UserListQuery = Type.Object({
  ...PageQuery.properties,
  email: Type.Optional(
    Type.String({
      maxLength: 254,
      description: 'Only accounts whose email starts with this (compared lower-cased)',
    }),
  ),
})
export type UserListQuery = Static<typeof UserListQuery>

export const ChangeUserBody = Type.Object(
  {
    role: Type.Optional(RoleSchema),
    disabled: Type.Optional(
      Type.Boolean({
        description: 'true signs the account out everywhere and refuses its logins; false lets it back',
      }),
    ),
  },
  { additionalProperties: false, description: 'Only the fields given change' },
)
export type ChangeUserBody = Static<typeof ChangeUserBody>

/** The API representation of an account for admins. */
export function adminUserFromRow(row: UserRow): AdminUser {
  return {
    id: row.id,
    email: row.email,
    display_name: row.display_name,
    role: row.role,
    disabled: row.disabled === 1,
    email_verified: row.email_verified === 1,
    totp_enabled: row.totp_enabled === 1,
    created_at: isoTime(row.created_at),
    updated_at: isoTime(row.updated_at),
    links: userLinks(row.id),
  }
}
