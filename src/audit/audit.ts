import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../db/database.js'
import type { AuditEventRow, TargetType } from '../db/tables.js'
import { newId } from '../ids.js'
import { logSecurityEvent } from '../security-events.js'
import { insertAuditEvent } from './audit.queries.js'

// Every moderation and administration action leaves one audit row, written in the same transaction as
// the action (so the log holds exactly the actions that happened), and one security event in the log
// once it committed.

/** What the audit log records. */
export const AUDIT_ACTIONS = [
  'post.hide',
  'post.unhide',
  'post.delete',
  'comment.hide',
  'comment.unhide',
  'comment.delete',
  'attachment.delete',
  'report.resolve',
  'user.role',
  'user.disable',
  'user.enable',
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

/** One action to record: who (null for the command line), what, on what, and an optional note. */
export interface AuditEntry {
  actorId: string | null
  action: AuditAction
  targetType: TargetType
  targetId: string
  note?: string | null
}

/** Appends the entry inside the action's transaction `trx`; returns the row for `logAudited`. */
export async function appendAudit(trx: Db, entry: AuditEntry): Promise<AuditEventRow> {
  const now = Date.now()
  const row: AuditEventRow = {
    id: newId(now),
    actor_id: entry.actorId,
    action: entry.action,
    target_type: entry.targetType,
    target_id: entry.targetId,
    note: entry.note ?? null,
    created_at: now,
  }
  await insertAuditEvent(trx, row)
  return row
}

/** Writes committed audit rows to the log as `moderation.action` security events. */
export function logAudited(log: FastifyBaseLogger, rows: readonly AuditEventRow[]): void {
  for (const row of rows) {
    logSecurityEvent(log, 'moderation.action', row.actor_id === null ? {} : { userId: row.actor_id }, {
      action: row.action,
      target_type: row.target_type,
      target_id: row.target_id,
      audit_event_id: row.id,
      ...(row.actor_id === null ? { actor: 'command line' } : {}),
    })
  }
}

/**
 * Runs `work` and appends the audit entries it returns in one transaction, then logs them: the action
 * and its record commit together or not at all.
 */
export async function audited<T>(
  db: Db,
  log: FastifyBaseLogger,
  work: (trx: Db) => Promise<{ result: T; entries: AuditEntry[] }>,
): Promise<T> {
  const { result, rows } = await db.transaction().execute(async (trx) => {
    const done = await work(trx)
    const rows: AuditEventRow[] = []
    for (const entry of done.entries) rows.push(await appendAudit(trx, entry))
    return { result: done.result, rows }
  })
  logAudited(log, rows)
  return result
}
