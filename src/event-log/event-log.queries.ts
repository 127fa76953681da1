import { compiledQuery, MAX_LIST_LENGTH } from '../db/compiled.js'
import type { Db } from '../db/database.js'
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

type EventFields = Omit<NewEventRow, 'id'>

// The cursor is the table's own sequence (2026-11-27-03-event-sequence): no lock held to the commit.
const insertEventsQuery = compiledQuery((db, v: { rows: EventFields[] }) =>
  db.insertInto('events').values(v.rows),
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
  for (let start = 0; start < events.length; start += MAX_LIST_LENGTH) {
    const rows = events.slice(start, start + MAX_LIST_LENGTH).map((event) => eventFields(event, now))
    await insertEventsQuery.changed(db, { rows })
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
