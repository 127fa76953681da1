import { compiledQuery } from '../db/compiled.js'
import type { Db } from '../db/database.js'
import type { MailOutboxRow, NewMailOutboxRow } from '../db/tables.js'

const insertOutboxMailQuery = compiledQuery((db, row: NewMailOutboxRow) =>
  db.insertInto('mail_outbox').values(row),
)

/** Queues a message; call it with the transaction that makes the change the message reports. */
export async function insertOutboxMail(db: Db, row: NewMailOutboxRow): Promise<void> {
  await insertOutboxMailQuery.changed(db, row)
}

const claimDueMailQuery = compiledQuery(
  (db, v: { claimId: string; now: number; claimedUntil: number; limit: number }) =>
    db
      .updateTable('mail_outbox')
      .set({ claim_id: v.claimId, claimed_until: v.claimedUntil })
      .where('id', 'in', (due) =>
        due
          .selectFrom('mail_outbox')
          .select('id')
          .where('status', '=', 'pending')
          .where('next_attempt_at', '<=', v.now)
          .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', v.now)]))
          .orderBy('next_attempt_at')
          .orderBy('id')
          .limit(v.limit),
      )
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', v.now)]))
      .returningAll(),
)

/**
 * Claims up to `limit` due messages for one sender until `claimedUntil`, atomically: a row is taken
 * only if no other sender holds an unexpired claim on it, and the condition is checked again on the
 * row being updated (PostgreSQL re-evaluates it after waiting for a concurrent claim; SQLite runs
 * writes one at a time), so two senders never both get the same row.
 */
export function claimDueMail(
  db: Db,
  claimId: string,
  now: number,
  claimedUntil: number,
  limit: number,
): Promise<MailOutboxRow[]> {
  return claimDueMailQuery.rows(db, { claimId, now, claimedUntil, limit })
}

const deleteDeliveredMailQuery = compiledQuery((db, v: { id: string; claimId: string }) =>
  db.deleteFrom('mail_outbox').where('id', '=', v.id).where('claim_id', '=', v.claimId),
)

/** Removes a delivered message (with its encrypted payload); false when the claim was lost meanwhile. */
export async function deleteDeliveredMail(db: Db, id: string, claimId: string): Promise<boolean> {
  return (await deleteDeliveredMailQuery.changed(db, { id, claimId })) > 0
}

const recordMailFailureQuery = compiledQuery(
  (
    db,
    v: {
      id: string
      claimId: string
      attempts: number
      nextAttemptAt: number
      lastError: string
      giveUp: true | undefined
    },
  ) =>
    db
      .updateTable('mail_outbox')
      .set({
        attempts: v.attempts,
        next_attempt_at: v.nextAttemptAt,
        last_error: v.lastError,
        claim_id: null,
        claimed_until: null,
        // A message given up on keeps no live token.
        ...(v.giveUp === undefined ? {} : { status: 'failed' as const, payload: '' }),
      })
      .where('id', '=', v.id)
      .where('claim_id', '=', v.claimId),
)

/** Records a failed attempt and releases the claim: retried at `nextAttemptAt`, or given up as failed. */
export async function recordMailFailure(
  db: Db,
  id: string,
  claimId: string,
  change: { attempts: number; nextAttemptAt: number; lastError: string; giveUp: boolean },
): Promise<void> {
  await recordMailFailureQuery.changed(db, {
    id,
    claimId,
    attempts: change.attempts,
    nextAttemptAt: change.nextAttemptAt,
    lastError: change.lastError,
    giveUp: change.giveUp ? true : undefined,
  })
}

const deleteFailedMailBeforeQuery = compiledQuery((db, v: { cutoff: number; limit: number }) =>
  db
    .deleteFrom('mail_outbox')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('mail_outbox')
        .select('id')
        .where('status', '=', 'failed')
        .where('created_at', '<', v.cutoff)
        .limit(v.limit),
    ),
)

/** Deletes up to `limit` messages given up on before `cutoff`; returns how many. */
export function deleteFailedMailBefore(db: Db, limit: number, cutoff: number): Promise<number> {
  return deleteFailedMailBeforeQuery.changed(db, { cutoff, limit })
}
