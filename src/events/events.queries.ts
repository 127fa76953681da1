import { sql } from 'kysely'
import { compiledQuery } from '../db/compiled.js'
import type { Db } from '../db/database.js'
import type { EventRow } from '../db/tables.js'

// Reading the live events' outbox (event-log/ writes it): by cursor, from the last one seen, along its
// primary key; and trimming it to EVENTS_RETENTION.

const eventsAfterQuery = compiledQuery((db, v: { after: number; limit: number }) =>
  db.selectFrom('events').selectAll().where('id', '>', v.after).orderBy('id').limit(v.limit),
)

/** Up to `limit` events after cursor `after`, oldest first. */
export function findEventsAfter(db: Db, after: number, limit: number): Promise<EventRow[]> {
  return eventsAfterQuery.rows(db, { after, limit })
}

const eventsAfterWithSnapshotQuery = compiledQuery((db, v: { after: number; limit: number }) =>
  db
    .selectFrom('events')
    .selectAll()
    .select(sql<string>`pg_current_snapshot()::text`.as('snapshot'))
    .where('id', '>', v.after)
    .orderBy('id')
    .limit(v.limit),
)

/**
 * PostgreSQL: `findEventsAfter`, and the snapshot the rows were read in (`pg_current_snapshot()`, whose
 * list names the transactions then in progress); null when there were no rows.
 */
export async function findEventsAfterWithSnapshot(
  db: Db,
  after: number,
  limit: number,
): Promise<{ rows: EventRow[]; snapshot: string | null }> {
  const found = await eventsAfterWithSnapshotQuery.rows(db, { after, limit })
  const snapshot = found[0]?.snapshot ?? null
  return { rows: found.map(({ snapshot: _snapshot, ...row }) => row), snapshot }
}

const snapshotQuery = compiledQuery((db, _v: Record<string, never>) =>
  db.selectNoFrom(sql<string>`pg_current_snapshot()::text`.as('snapshot')),
)

/** PostgreSQL: `pg_current_snapshot()` as text (`xmin:xmax:xip,…`). */
export async function currentSnapshot(db: Db): Promise<string> {
  const found = await snapshotQuery.first(db, {})
  if (found === undefined) throw new Error('a select answered no row')
  return found.snapshot
}

const newTransactionIdQuery = compiledQuery((db, _v: Record<string, never>) =>
  db.selectNoFrom(sql<string>`pg_current_xact_id()::text`.as('xid')),
)

/**
 * PostgreSQL: a transaction ID newer than every one assigned before the call (the ID this statement's own
 * transaction is given, and ends with at once).
 */
export async function newTransactionId(db: Db): Promise<string> {
  const found = await newTransactionIdQuery.first(db, {})
  if (found === undefined) throw new Error('a select answered no row')
  return found.xid
}

const latestEventQuery = compiledQuery((db, _v: Record<string, never>) =>
  db.selectFrom('events').select('id').orderBy('id', 'desc').limit(1),
)

/** The newest event's cursor, or 0 when there is none. */
export async function latestEventId(db: Db): Promise<number> {
  return (await latestEventQuery.first(db, {}))?.id ?? 0
}

const eventByIdQuery = compiledQuery((db, v: { id: number }) =>
  db.selectFrom('events').select('id').where('id', '=', v.id),
)

/** Whether the event with this cursor is still kept (a stream may resume after it). */
export async function eventExists(db: Db, id: number): Promise<boolean> {
  return (await eventByIdQuery.first(db, { id })) !== undefined
}

const oldestEventQuery = compiledQuery((db, _v: Record<string, never>) =>
  db.selectFrom('events').select('id').orderBy('id').limit(1),
)

/**
 * Whether a stream may resume after cursor 0 (the opening `id:` of a stream that started on an empty
 * outbox): while no event has been trimmed, every event after it is still kept.
 */
export async function nothingTrimmed(db: Db): Promise<boolean> {
  const oldest = await oldestEventQuery.first(db, {})
  return oldest === undefined || oldest.id === 1
}

// By cursor, not by time alone: clocks of several instances may disagree by a little, and a stream
// resuming after a kept event must find every later one kept too.
const trimEventsQuery = compiledQuery((db, v: { cutoff: number }) =>
  db.deleteFrom('events').where('id', '<=', (eb) =>
    eb
      .selectFrom('events')
      .select((inner) => inner.fn.max('id').as('id'))
      .where('created_at', '<', v.cutoff),
  ),
)

/** Deletes every event up to the newest one created before `cutoff`; returns how many went. */
export function deleteEventsBefore(db: Db, cutoff: number): Promise<number> {
  return trimEventsQuery.changed(db, { cutoff })
}
