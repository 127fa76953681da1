import { sql } from 'kysely'
import { compiledQuery } from '../db/compiled.js'
import type { Db } from '../db/database.js'
import type { EventRow } from '../db/tables.js'

// Reading the live events' outbox (event-log/ writes it): by cursor, from the last one seen, along its
// primary key; where a stream may resume; and trimming it to EVENTS_RETENTION.

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

// Both ends of the cursors in one statement, so a retention run that commits between them cannot be
// half seen: the watermark and the newest kept event are of the same moment.
const cursorBoundsQuery = compiledQuery((db, _v: Record<string, never>) =>
  db.selectNoFrom((eb) => [
    eb.selectFrom('event_watermark').select('trimmed_through').where('id', '=', 1).as('trimmed_through'),
    eb.selectFrom('events').select('id').orderBy('id', 'desc').limit(1).as('newest'),
  ]),
)

/** The watermark (every event at or below it is trimmed) and the newest kept event's cursor, 0 for none. */
async function cursorBounds(db: Db): Promise<{ trimmedThrough: number; newest: number }> {
  const found = await cursorBoundsQuery.first(db, {})
  return { trimmedThrough: found?.trimmed_through ?? 0, newest: found?.newest ?? 0 }
}

/**
 * The newest cursor this database has reached: its newest event's, or the watermark once retention
 * has trimmed every event; 0 while it has none.
 */
export async function latestEventId(db: Db): Promise<number> {
  const { trimmedThrough, newest } = await cursorBounds(db)
  return Math.max(trimmedThrough, newest)
}

/**
 * Whether a stream may resume after cursor `after`: nothing after it was trimmed, and it is not past
 * every cursor the database has reached. Any cursor in between may be resumed after, whether an event
 * still has it or not (a rolled-back change's, an empty outbox's 0, a stream's opening id).
 */
export async function resumableAfter(db: Db, after: number): Promise<boolean> {
  const { trimmedThrough, newest } = await cursorBounds(db)
  return trimmedThrough <= after && after <= Math.max(trimmedThrough, newest)
}

// From the oldest kept event along the primary key (no index on the time: every write would keep it).
const oldestKeptQuery = compiledQuery((db, v: { limit: number }) =>
  db
    .selectFrom('events')
    .select(['id', 'created_at'])
    .where(sql<boolean>`id > coalesce((select trimmed_through from event_watermark where id = 1), 0)`)
    .orderBy('id')
    .limit(v.limit),
)

// Monotonic: of two runs at once (several instances, clocks apart), the lower never undoes the higher.
const raiseWatermarkQuery = compiledQuery((db, v: { through: number }) =>
  db
    .insertInto('event_watermark')
    .values({ id: 1, trimmed_through: v.through })
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet({ trimmed_through: v.through })
        .where('event_watermark.trimmed_through', '<', v.through),
    ),
)

const deleteTrimmedQuery = compiledQuery((db, _v: Record<string, never>) =>
  db
    .deleteFrom('events')
    .where('id', '<=', (eb) =>
      eb.selectFrom('event_watermark').select('trimmed_through').where('id', '=', 1),
    ),
)

/** The cursors and times of the oldest `limit` kept events, oldest first. */
export function oldestKeptEvents(db: Db, limit: number): Promise<Array<{ id: number; created_at: number }>> {
  return oldestKeptQuery.rows(db, { limit })
}

/**
 * One step of the retention job, in the caller's transaction: walks the oldest `limit` kept events in
 * cursor order and trims through the last one before the first created at or after `cutoff` (raises
 * the watermark to its cursor, then deletes every event at or below the watermark); returns how many
 * went, `limit` when the walk found only old events and the next step may find more. By cursor, not
 * by time alone: clocks of several instances may disagree by a little, and a stream resuming after a
 * kept event must find every later one kept too. The watermark and the deletion commit together, so a
 * reader never sees the events gone and the watermark not yet raised.
 */
export async function trimEvents(db: Db, cutoff: number, limit: number): Promise<number> {
  let end: number | undefined
  for (const row of await oldestKeptEvents(db, limit)) {
    if (row.created_at >= cutoff) break
    end = row.id
  }
  if (end === undefined) return 0
  await raiseWatermarkQuery.changed(db, { through: end })
  return deleteTrimmedQuery.changed(db, {})
}
