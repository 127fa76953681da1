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

const cursorTakenQuery = compiledQuery((db, _v: Record<string, never>) =>
  db.selectFrom('event_cursor').select('value').where('id', '=', 1),
)

/**
 * Whether a stream may resume after cursor 0 (the opening `id:` of a stream that started on an empty
 * outbox): while no event has been trimmed, every event after it is still kept.
 */
export async function nothingTrimmed(db: Db): Promise<boolean> {
  const oldest = await oldestEventQuery.first(db, {})
  if (oldest !== undefined) return oldest.id === 1
  return ((await cursorTakenQuery.first(db, {}))?.value ?? 0) === 0
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
