import type { Db } from '../db/database.js'
import type { UserRow } from '../db/tables.js'
import { ApiError, fieldsError } from '../errors.js'
import { singleLineProblem } from '../http/text.js'
import { codePointLength } from '../accounts/passwords.js'
import { findUserById } from '../accounts/users.queries.js'
import {
  DISPLAY_NAME_MAX_LENGTH,
  PREFERENCES_MAX_BYTES,
  PREFERENCES_MAX_DEPTH,
  userFromRow,
  type User,
} from './users.schemas.js'

// The caller's profile: as the API shows it, what may be written into it (the display name, the
// preferences merged key by key), and the account row as it is now for the routes that change it.

/**
 * The caller's profile as the API shows it, made once per row object. While a session is in the
 * session cache every request of it gets the same user row, so `/me` need not parse the preferences
 * and format the timestamps on each one; a changed account is read into a new row, which gets its own
 * (the old one goes with its row: the map holds its keys weakly). The object is shared by those
 * requests, so it is frozen, its preferences too; they are only serialised.
 */
const profiles = new WeakMap<UserRow, User>()

export function profileOf(row: UserRow): User {
  let profile = profiles.get(row)
  if (profile === undefined) {
    const made = userFromRow(row)
    Object.freeze(made.preferences)
    profile = Object.freeze(made)
    profiles.set(row, profile)
  }
  return profile
}

/** The caller's account as the database holds it now (not the session cache's copy). */
export async function loadCaller(db: Db, userId: string): Promise<UserRow> {
  const user = await findUserById(db, userId)
  // The session cascade-deletes with its user, so this only happens in a race with DELETE /me.
  if (!user) throw new ApiError('UNAUTHENTICATED', 'Session token is missing, invalid or expired')
  return user
}

export function displayNameProblem(displayName: string | null | undefined): string | undefined {
  if (displayName === undefined || displayName === null) return undefined
  const problem = singleLineProblem(displayName)
  if (problem) return problem
  if (codePointLength(displayName.trim()) > DISPLAY_NAME_MAX_LENGTH) {
    return `must be at most ${DISPLAY_NAME_MAX_LENGTH} characters`
  }
  return undefined
}

/** True when a JSON value nests objects/arrays deeper than `maxDepth`; iterative, so depth costs no stack. */
function nestsDeeperThan(value: unknown, maxDepth: number): boolean {
  const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 1 }]
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (typeof next.value !== 'object' || next.value === null) continue
    if (next.depth > maxDepth) return true
    for (const child of Object.values(next.value)) pending.push({ value: child, depth: next.depth + 1 })
  }
  return false
}

/** Merges a preferences patch key by key (null removes a key) and checks the size and depth limits. */
export function mergePreferences(stored: string, patch: Record<string, unknown>): string {
  // Checked first: JSON.stringify recurses, and a few thousand levels overflow its stack (a 500).
  if (nestsDeeperThan(patch, PREFERENCES_MAX_DEPTH)) {
    throw fieldsError({ preferences: `must nest at most ${PREFERENCES_MAX_DEPTH} levels deep` })
  }
  const merged = new Map(Object.entries(JSON.parse(stored) as Record<string, unknown>))
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) merged.delete(key)
    else merged.set(key, value)
  }
  const text = JSON.stringify(Object.fromEntries(merged))
  if (Buffer.byteLength(text) > PREFERENCES_MAX_BYTES) {
    throw fieldsError({ preferences: `must be at most ${PREFERENCES_MAX_BYTES} bytes of JSON once merged` })
  }
  return text
}
