import { compiledQuery } from '../db/compiled.js'
import { dialectOf, type Db } from '../db/database.js'
import type { NewEventRow } from '../db/tables.js'

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

/** An event to append: its type, who may see it, and its `data` (the resource as its GET answers). */
export interface NewEvent {
  type: EventType
  /** The post it belongs to (the `posts/{id}` topic); null for account events. */
  postId: string | null
  /** Who sees it when private: the post's author, or the account for `me` events. */
  ownerId: string
  visibility: 'public' | 'private'
  /** On a post update that changed its visibility, the one before. */
  previousVisibility?: 'public' | 'private'
  data: object
}

// The cursor row is taken with an upsert: its row lock (PostgreSQL) is held to the commit, so
// cursors commit in the order they are handed out. Taken last in a transaction, it is held only for
// the commit itself.
const takeCursorsQuery = compiledQuery((db, v: { count: number }) =>
  db
    .insertInto('event_cursor')
    .values({ id: 1, value: v.count })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet((eb) => ({ value: eb('event_cursor.value', '+', v.count) })),
    )
    .returning('value'),
)

const insertEventQuery = compiledQuery((db, row: NewEventRow) => db.insertInto('events').values(row))

type EventFields = Omit<NewEventRow, 'id'>

// PostgreSQL takes the cursor and inserts the event in one statement (one round trip fewer in every
// write's transaction); SQLite cannot put an upsert in a WITH clause, and its statements cost no trip.
const appendOneEventQuery = compiledQuery((db, v: EventFields) =>
  db
    .with('taken', (qb) =>
      qb
        .insertInto('event_cursor')
        .values({ id: 1, value: 1 })
        .onConflict((oc) =>
          oc.column('id').doUpdateSet((eb) => ({ value: eb('event_cursor.value', '+', 1) })),
        )
        .returning('value'),
    )
    .insertInto('events')
    .columns([
      'id',
      'type',
      'post_id',
      'owner_id',
      'visibility',
      'previous_visibility',
      'payload',
      'created_at',
    ])
    .expression((eb) =>
      eb
        .selectFrom('taken')
        .select((s) => [
          'taken.value',
          s.val(v.type).as('type'),
          s.val(v.post_id).as('post_id'),
          s.val(v.owner_id).as('owner_id'),
          s.val(v.visibility).as('visibility'),
          s.val(v.previous_visibility).as('previous_visibility'),
          s.val(v.payload).as('payload'),
          s.val(v.created_at).as('created_at'),
        ]),
    ),
)

/**
 * Appends events with increasing cursors. Call it inside the transaction of the change, after its
 * other writes (the cursor's lock is then held only for the commit).
 */
export async function appendEvents(
  db: Db,
  events: readonly NewEvent[],
  now: number = Date.now(),
): Promise<void> {
  if (events.length === 0) return
  const [only] = events
  if (only !== undefined && events.length === 1 && dialectOf(db) === 'postgres') {
    await appendOneEventQuery.changed(db, eventFields(only, now))
    return
  }
  const taken = await takeCursorsQuery.first(db, { count: events.length })
  if (taken === undefined) throw new Error('no event cursor was taken')
  let id = taken.value - events.length
  for (const event of events) {
    id += 1
    await insertEventQuery.changed(db, { id, ...eventFields(event, now) })
  }
}

/** An event's columns but its cursor. */
function eventFields(event: NewEvent, now: number): EventFields {
  return {
    type: event.type,
    post_id: event.postId,
    owner_id: event.ownerId,
    visibility: event.visibility,
    previous_visibility: event.previousVisibility ?? null,
    payload: JSON.stringify(event.data),
    created_at: now,
  }
}
