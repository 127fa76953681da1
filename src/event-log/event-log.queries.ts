import { sql, type InsertQueryBuilder, type InsertResult } from 'kysely'
import { compiledQuery, MAX_LIST_LENGTH } from '../db/compiled.js'
import { dialectOf, runAtomically, type Db } from '../db/database.js'
import type { NewEventRow, Tables } from '../db/tables.js'

// Live events are written here by whatever changes what a subscriber could see, inside the change's
// own transaction (so a rolled-back change leaves no event and a committed one is never lost); the
// events/ folder reads them and streams them. Below every resource folder, so each can append.

/** Every live event type. */
export const EVENT_TYPES = [
  'post.created',
  'post.updated',
  'post.deleted',
  'attachment.created',
  'attachment.updated',
  'attachment.deleted',
  'comment.created',
  'comment.updated',
  'comment.deleted',
  'user.updated',
  'session.created',
  'session.deleted',
] as const
export type EventType = (typeof EVENT_TYPES)[number]

/**
 * An event to append: its type, who may see it, and its `data`: the resource as its GET answers, or
 * that resource already serialized as JSON text (so a route that answers with it serializes it once).
 */
export interface NewEvent {
  type: EventType
  /** The post it belongs to (the `posts/{id}` topic); null for account events. */
  postId: string | null
  /** Who sees it when private: the post's author, or the account for `me` events. */
  ownerId: string
  visibility: 'public' | 'private'
  /** On a post update that changed its visibility, the one before. */
  previousVisibility?: 'public' | 'private'
  data: object | string
}

type EventFields = Omit<NewEventRow, 'id'>

/** An event's columns as named values, prefixed so that they can share a statement with its change's. */
interface EventValues {
  event_type: string
  event_post_id: string | null
  event_owner_id: string
  event_visibility: 'public' | 'private'
  event_previous_visibility: 'public' | 'private' | null
  event_payload: string
  event_created_at: number
}

// PostgreSQL numbers events from the table's identity: no lock held to the commit. SQLite commits one
// writer at a time; an event takes the number after the newest kept one or, once retention has
// trimmed every event, after the watermark (every kept event is past it), so no cursor is handed out
// twice; the rest of a multi-row insert take the rowid after the one before (2026-11-27-04-lean-events).
const SQLITE_NEXT_CURSOR = sql<number>`(coalesce((select max(id) from events),
  (select trimmed_through from event_watermark where id = 1), 0) + 1)`

/** An event's columns from its named values (placeholders for them while a query is built). */
function eventColumns(v: EventValues): EventFields {
  return {
    type: v.event_type,
    post_id: v.event_post_id,
    owner_id: v.event_owner_id,
    visibility: v.event_visibility,
    previous_visibility: v.event_previous_visibility,
    payload: v.event_payload,
    created_at: v.event_created_at,
  }
}

const insertEventQuery = compiledQuery((db, v: EventValues) =>
  db
    .insertInto('events')
    .values({ ...(dialectOf(db) === 'postgres' ? {} : { id: SQLITE_NEXT_CURSOR }), ...eventColumns(v) }),
)

const insertEventsQuery = compiledQuery((db, v: { rows: EventValues[] }) =>
  db.insertInto('events').values(
    v.rows.map((row, index) => ({
      ...(dialectOf(db) === 'postgres' ? {} : { id: index === 0 ? SQLITE_NEXT_CURSOR : sql<number>`null` }),
      ...eventColumns(row),
    })),
  ),
)

/**
 * Appends events; the database numbers them with increasing cursors. Call it inside the transaction
 * of the change, as its last write, after at least one other: on PostgreSQL a cursor may then commit
 * after a later one, and readers wait at such a gap only for the transactions in progress when they
 * saw it (events/commit-order.ts). A transaction has an ID from its first write on; were the event's
 * insert its first, the cursor would be taken a moment before the ID exists, and a reader could give
 * up on the gap while the event is still to commit.
 */
export async function appendEvents(
  db: Db,
  events: readonly NewEvent[],
  now: number = Date.now(),
): Promise<void> {
  const [only] = events
  if (events.length === 1 && only !== undefined) {
    await insertEventQuery.changed(db, eventValues(only, now))
    return
  }
  for (let start = 0; start < events.length; start += MAX_LIST_LENGTH) {
    const rows = events.slice(start, start + MAX_LIST_LENGTH).map((event) => eventValues(event, now))
    await insertEventsQuery.changed(db, { rows })
  }
}

/**
 * An INSERT that sends one event, compiled once: one atomic write, which needs no transaction of the
 * caller's (inside one, it is part of it, as its last write). On PostgreSQL the insert and the event are
 * one statement: the insert runs as a CTE and the event is inserted from the row it returns, so the event
 * is written only if the row is, and after it (appendEvents' rule: the transaction has its ID before the
 * cursor is taken), in one round trip. On SQLite the insert and then the event, in one synchronous
 * BEGIN IMMEDIATE … COMMIT (`runAtomically`). `build` names none of its values `event_*`.
 */
export function insertWithEvent<V extends object, T extends keyof Tables>(
  build: (db: Db, values: V) => InsertQueryBuilder<Tables, T, InsertResult>,
): { run: (db: Db, values: V, event: NewEvent, now?: number) => Promise<void> } {
  const insert = compiledQuery(build)
  const folded = compiledQuery((db, v: V & EventValues) => {
    const columns = eventColumns(v)
    const names = Object.keys(columns) as Array<keyof EventFields>
    return db
      .with('changed', () => build(db, changeValues(v)).returning(sql<number>`1`.as('one')))
      .insertInto('events')
      .columns(names)
      .expression((eb) =>
        eb
          .selectFrom('changed')
          .select(
            names.map((name) =>
              // A bare parameter in a select list is text to PostgreSQL; the time is a bigint.
              (name === 'created_at' ? sql`cast(${columns[name]} as bigint)` : sql`${columns[name]}`).as(
                name,
              ),
            ),
          )
          .limit(1),
      )
  })
  return {
    async run(db, values, event, now = Date.now()) {
      if (dialectOf(db) !== 'postgres') {
        await runAtomically(db, [
          insert.bound(db, values),
          insertEventQuery.bound(db, eventValues(event, now)),
        ])
        return
      }
      await folded.changed(db, { ...values, ...eventValues(event, now) })
    },
  }
}

/** The change's own values of a folded statement's, without the event's. */
function changeValues<V extends object>(values: V & EventValues): V {
  const change: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(values)) if (!name.startsWith('event_')) change[name] = value
  return change as V
}

/** An event's payload: its data as JSON text. */
function payloadOf(event: NewEvent): string {
  return typeof event.data === 'string' ? event.data : JSON.stringify(event.data)
}

/** An event's columns as named values (EventValues). */
function eventValues(event: NewEvent, now: number): EventValues {
  return {
    event_type: event.type,
    event_post_id: event.postId,
    event_owner_id: event.ownerId,
    event_visibility: event.visibility,
    event_previous_visibility: event.previousVisibility ?? null,
    event_payload: payloadOf(event),
    event_created_at: now,
  }
}
