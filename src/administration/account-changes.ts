import { appendAudit, type AuditEntry } from '../audit/audit.js'
import { findUserById, lockActiveAdminIds, lockUserById, updateUser } from '../accounts/users.queries.js'
import type { Db } from '../db/database.js'
import type { AuditEventRow, Role, UserRow } from '../db/tables.js'
import { ApiError, notFound } from '../errors.js'
import { deleteAllUserSessions } from '../sessions/sessions.queries.js'

// Changing an account's role or disabling it, the one way both the API (PATCH /v1/users/{id}) and the
// command line (npm run admin) do it: the last enabled admin is kept, a disabled account loses every
// session in the same transaction, and each change is audited there too.

/** What an administrator may change about an account. */
interface AccountChanges {
  role?: Role
  disabled?: boolean
}

/** Thrown when a change would leave no enabled admin. */
function lastAdminRefusal(): ApiError {
  return new ApiError(
    'CONFLICT',
    'This is the last admin: make another account admin before demoting or disabling this one',
  )
}

/** True when applying `changes` to `user` takes away an enabled admin. */
function removesAdmin(user: Pick<UserRow, 'role' | 'disabled'>, changes: AccountChanges): boolean {
  if (user.role !== 'admin' || user.disabled !== 0) return false
  return (changes.role !== undefined && changes.role !== 'admin') || changes.disabled === true
}

/**
 * Applies `changes` to the account `userId` in the transaction `trx` on behalf of `actorId` (null for
 * the command line): 404 when it does not exist, 409 when it would remove the last enabled admin.
 * Disabling deletes every session of the account in the same transaction (the session cache of every
 * instance sees that write). Returns the account as it now is and the audit rows written.
 */
export async function changeAccount(
  trx: Db,
  userId: string,
  changes: AccountChanges,
  actorId: string | null,
): Promise<{ user: UserRow; audited: AuditEventRow[] }> {
  // The admins are locked before the account itself (always in that order, so two changes queue
  // rather than deadlock) when the change may take one away; the locked read below decides.
  const before = await findUserById(trx, userId)
  if (!before) throw notFound('User')
  const admins = removesAdmin(before, changes) ? await lockActiveAdminIds(trx) : undefined
  const user = await lockUserById(trx, userId)
  if (!user) throw notFound('User')
  if (removesAdmin(user, changes)) {
    // Made an admin between the two reads: the admins were not locked, so the count cannot be trusted.
    if (admins === undefined) throw new ApiError('CONFLICT', 'The account changed meanwhile; try again')
    if (admins.filter((id) => id !== user.id).length === 0) throw lastAdminRefusal()
  }
  const role = changes.role !== undefined && changes.role !== user.role ? changes.role : undefined
  const disabledFlag = changes.disabled === undefined ? undefined : changes.disabled ? 1 : 0
  const disabled = disabledFlag !== undefined && disabledFlag !== user.disabled ? disabledFlag : undefined
  if (role === undefined && disabled === undefined) return { user, audited: [] }

  const updated = await updateUser(trx, user.id, { role, disabled }, Date.now())
  if (!updated) throw notFound('User')
  if (disabled === 1) await deleteAllUserSessions(trx, user.id)
  const entries: AuditEntry[] = []
  const target = { actorId, targetType: 'user' as const, targetId: user.id }
  if (role !== undefined) entries.push({ ...target, action: 'user.role', note: `${user.role} → ${role}` })
  if (disabled !== undefined)
    entries.push({ ...target, action: disabled === 1 ? 'user.disable' : 'user.enable' })
  const audited: AuditEventRow[] = []
  for (const entry of entries) audited.push(await appendAudit(trx, entry))
  return { user: updated, audited }
}
