import { setTimeout as sleep } from 'node:timers/promises'
import { dialectOf, type Db } from '../db/database.js'
import type { EventRow } from '../db/tables.js'
import {
  currentSnapshot,
  findEventsAfter,
  findEventsAfterWithSnapshot,
  latestEventId,
  latestEventWithSnapshot,
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
 * taken in the same statement), or to one that rolled back; once every transaction in progress then
 * has ended (a later read's snapshot says so), that later read, which sees all their commits, is
 * final for the gap: a cursor still missing from it is a rollback's, and is skipped.
 *
 * This rests on the appending transaction having its ID (its place in the snapshot's list) before it
 * takes its cursor: appendEvents is each change's last write, after another (see there).
 */

/** A snapshot as `pg_current_snapshot()` writes it: `xmin:xmax:xip,…`. */
interface Snapshot {
  /** Every transaction below it has ended. */
  xmin: bigint
  /** No transaction at or above it had started. */
  xmax: bigint
  /** In progress between the two. */
  inProgress: Set<bigint>
}

function parseSnapshot(text: string): Snapshot {
  const [xmin = '0', xmax = '0', list = ''] = text.split(':')
  return {
    xmin: BigInt(xmin),
    xmax: BigInt(xmax),
    inProgress: new Set(list === '' ? [] : list.split(',').map((xid) => BigInt(xid))),
  }
}

/** Whether every one of `xids` had ended when `snapshot` was taken. */
function allEnded(xids: readonly bigint[], snapshot: Snapshot): boolean {
  return xids.every((xid) => xid < snapshot.xmin || (xid < snapshot.xmax && !snapshot.inProgress.has(xid)))
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
  /** The first missing cursor of the gap waited on, and the transactions in progress when it was seen. */
  #gap: { at: number; xids: bigint[] } | undefined

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
    const current = parseSnapshot(snapshot)
    let expected = after + 1
    for (const [index, row] of rows.entries()) {
      if (row.id !== expected) {
        const gap = this.#gap?.at === expected ? this.#gap : { at: expected, xids: [...current.inProgress] }
        if (!allEnded(gap.xids, current)) {
          this.#gap = gap
          return { rows: rows.slice(0, index), waiting: true }
        }
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
 * progress when the newest cursor was read may hold smaller ones; this waits until they have ended,
 * up to `maxWaitMs` (a transaction open longer than that is not waited for).
 */
export async function settledLatestEventId(db: Db, maxWaitMs: number): Promise<number> {
  if (dialectOf(db) !== 'postgres') return latestEventId(db)
  const { id, snapshot } = await latestEventWithSnapshot(db)
  const xids = [...parseSnapshot(snapshot).inProgress]
  const deadline = Date.now() + maxWaitMs
  for (let tries = 0; xids.length > 0 && Date.now() < deadline; tries++) {
    await sleep(SNAPSHOT_POLL_MS[Math.min(tries, SNAPSHOT_POLL_MS.length - 1)] ?? 50)
    if (allEnded(xids, parseSnapshot(await currentSnapshot(db)))) break
  }
  return id
}
