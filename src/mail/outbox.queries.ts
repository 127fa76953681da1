import type { Db } from '../db/database.js'
import type { MailOutboxRow, NewMailOutboxRow } from '../db/tables.js'

/** Queues a message; call it with the transaction that makes the change the message reports. */
export async function insertOutboxMail(db: Db, row: NewMailOutboxRow): Promise<void> {
  await db.insertInto('mail_outbox').values(row).execute()
}

/**
 * Claims up to `limit` due messages for one sender until `claimedUntil`, atomically: a row is taken
 * only if no other sender holds an unexpired claim on it, and the condition is checked again on the
 * row being updated (PostgreSQL re-evaluates it after waiting for a concurrent claim; SQLite runs
 * writes one at a time), so two senders never both get the same row.
 */
export async function claimDueMail(
  db: Db,
  claimId: string,
  now: number,
  claimedUntil: number,
  limit: number,
): Promise<MailOutboxRow[]> {
  return db
    .updateTable('mail_outbox')
    .set({ claim_id: claimId, claimed_until: claimedUntil })
    .where('id', 'in', (due) =>
      due
        .selectFrom('mail_outbox')
        .select('id')
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(limit),
    )
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .returningAll()
    .execute()
}

/** Removes a delivered message (with its encrypted payload); false when the claim was lost meanwhile. */
export async function deleteDeliveredMail(db: Db, id: string, claimId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('mail_outbox')
    .where('id', '=', id)
    .where('claim_id', '=', claimId)
    .executeTakeFirst()
  return result.numDeletedRows > 0n
}

/** Records a failed attempt and releases the claim: retried at `nextAttemptAt`, or given up as failed. */
export async function recordMailFailure(
  db: Db,
  id: string,
  claimId: string,
  change: { attempts: number; nextAttemptAt: number; lastError: string; giveUp: boolean },
): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({
      attempts: change.attempts,
      next_attempt_at: change.nextAttemptAt,
      last_error: change.lastError,
      claim_id: null,
      claimed_until: null,
      // A message given up on keeps no live token.
      ...(change.giveUp ? { status: 'failed' as const, payload: '' } : {}),
    })
    .where('id', '=', id)
    .where('claim_id', '=', claimId)
    .execute()
}

/** How many messages wait to be sent (for tests and health figures). */
export async function countPendingMail(db: Db): Promise<number> {
  const row = await db
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow()
  return row.count
}

/** Deletes messages given up on before `cutoff`; returns how many. */
export async function deleteFailedMailBefore(db: Db, cutoff: number): Promise<number> {
  const result = await db
    .deleteFrom('mail_outbox')
    .where('status', '=', 'failed')
    .where('created_at', '<', cutoff)
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}
