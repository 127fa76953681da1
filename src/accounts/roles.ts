import type { Role } from '../db/tables.js'
import type { Permission } from '../http/permissions.js'

// What each role may do beyond its own content. Routes never compare role names: they ask the caller's
// permissions (http/permissions.ts), which authentication derives from the role here.

/** Every role, least to most trusted. */
export const ROLES: readonly Role[] = ['member', 'moderator', 'admin']

const MODERATION: readonly Permission[] = ['posts:moderate', 'comments:moderate', 'reports:review']

const ROLE_PERMISSIONS: Readonly<Record<Role, ReadonlySet<Permission>>> = {
  member: new Set(),
  moderator: new Set(MODERATION),
  // Admins hold every moderator permission too.
  admin: new Set([...MODERATION, 'users:manage', 'audit:read']),
}

/** The permissions a role grants (shared, never modified); an unknown role grants none. */
export function permissionsOf(role: string): ReadonlySet<Permission> {
  return (
    (ROLE_PERMISSIONS as Partial<Record<string, ReadonlySet<Permission>>>)[role] ?? ROLE_PERMISSIONS.member
  )
}

/** True for a role name Quire knows. */
export function isRole(name: string): name is Role {
  return (ROLES as readonly string[]).includes(name)
}
