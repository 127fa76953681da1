import { setTimeout as sleep } from 'node:timers/promises'
import { dialectOf, type Db } from '../db/database.js'
import type { EventRow } from '../db/tables.js'
import {
  currentSnapshot,
  findEventsAfter,
  findEventsAfterWithSnapshot,
  latestEventId,
  newTransactionId,
} from './events.queries.js'

/**
 * Reading the outbox by cursor without passing an event that has yet to commit.
 *
 * Cursors come from a sequence (2026-11-27-03-event-sequence), handed out without a lock so that
 * writers' commits do not queue behind each other. On SQLite writers are serialised by the database,
 * so cursors commit in the order they were taken and a read by cursor needs nothing more. On
 * PostgreSQL transaction T5 may take cursor 5, T6 take 6, and T6 commit first: a reader that saw 6
 * and moved its cursor past 5 would never deliver 5. So a read keeps only the rows up to the first
 * gap in the cursors; the gap is passed only once it cannot fill any more. Every cursor missing at a
 * read belongs to a transaction that was in progress in that read's snapshot (`pg_current_snapshot()`,
 * taken in the same statement), or to one that rolled back. That list leaves out transactions whose
 * ID is past the newest one completed, so the bound kept for a gap is a new transaction ID, asked for
 * right after the read: every transaction that could hold a missing cursor has a smaller one. Once a
 * later read's snapshot has every ID below that bound ended (its `xmin` has reached it), that read,
 * which sees all their commits, is final for the gap: a cursor still missing from it is a rollback's,
 * and is skipped. Asking for an ID costs a transaction ID and its commit record, once per gap seen.
 *
 * This rests on the appending transaction having its ID (its place in the snapshot's list) before it
 * takes its cursor: appendEvents is each change's last write, after another (see there).
 */

/** The `xmin` of a snapshot as `pg_current_snapshot()` writes it (`xmin:xmax:xip,…`): every transaction below it has ended. */
function xminOf(snapshot: string): bigint {
  return BigInt(snapshot.slice(0, snapshot.indexOf(':')))
}

/** A read by cursor: the rows it may deliver, and whether it stopped at a gap that may still fill. */
interface CommittedRead {
  rows: EventRow[]
  /** True when rows after a gap were held back: read again soon (after a short wait). */
  waiting: boolean
}

/** Pauses between reads of the snapshot while waiting for transactions to end. */
const SNAPSHOT_POLL_MS = [1, 2, 5, 10, 20, 50]

/**
 * One reader's position on the outbox (the hub's, or a resuming stream's): reads by cursor, holding
 * back at a gap until it is known to be final.
 */
export class CommitOrder {
  readonly #db: Db
  /** The first missing cursor of the gap waited on, and a transaction ID above any that may fill it. */
  #gap: { at: number; bound: bigint } | undefined

  constructor(db: Db) {
    this.#db = db
  }

  /** Up to `limit` events after cursor `after`, oldest first, none past a gap that may still fill. */
  async read(after: number, limit: number): Promise<CommittedRead> {
    if (dialectOf(this.#db) !== 'postgres') {
      return { rows: await findEventsAfter(this.#db, after, limit), waiting: false }
    }
    const { rows, snapshot } = await findEventsAfterWithSnapshot(this.#db, after, limit)
    if (snapshot === null) return { rows, waiting: false }
    const xmin = xminOf(snapshot)
    let expected = after + 1
    for (const [index, row] of rows.entries()) {
      if (row.id !== expected) {
        if (this.#gap?.at !== expected) {
          this.#gap = { at: expected, bound: BigInt(await newTransactionId(this.#db)) }
          return { rows: rows.slice(0, index), waiting: true }
        }
        if (xmin < this.#gap.bound) return { rows: rows.slice(0, index), waiting: true }
      }
      expected = row.id + 1
    }
    this.#gap = undefined
    return { rows, waiting: false }
  }
}

/**
 * The newest cursor at or below which no event can still commit: where a stream that starts now
 * begins, so that it is sent every change committed from now on. On PostgreSQL the transactions in
 * progress when the newest cursor was read may hold smaller ones; this waits until every transaction
 * ID below one asked for after the read has ended,
 * up to `maxWaitMs` (a transaction open longer than that is not waited for).
 */
export async function settledLatestEventId(db: Db, maxWaitMs: number): Promise<number> {
  if (dialectOf(db) !== 'postgres') return latestEventId(db)
  const id = await latestEventId(db)
  const bound = BigInt(await newTransactionId(db))
  const deadline = Date.now() + maxWaitMs
  for (let tries = 0; Date.now() < deadline; tries++) {
    if (xminOf(await currentSnapshot(db)) >= bound) break
    await sleep(SNAPSHOT_POLL_MS[Math.min(tries, SNAPSHOT_POLL_MS.length - 1)] ?? 50)
  }
  return id
}
