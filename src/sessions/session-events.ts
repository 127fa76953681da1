import type { Config } from '../config.js'
import type { SessionRow } from '../db/tables.js'
import type { NewEvent } from '../event-log/event-log.queries.js'
import { sessionFromRow } from './sessions.schemas.js'

// The `me` topic's session events. The stored item says `current: false`; the stream sets it for the
// subscriber whose own session it is.

/** `session.created`: the session as GET /v1/sessions lists it (never a token). */
export function sessionCreatedEvent(row: SessionRow, config: Readonly<Config>): NewEvent {
  return {
    type: 'session.created',
    postId: null,
    ownerId: row.user_id,
    visibility: 'private',
    data: sessionFromRow(row, undefined, config),
  }
}

/** One `session.deleted` per session of the user that went. */
export function sessionDeletedEvents(userId: string, sessionIds: readonly string[]): NewEvent[] {
  return sessionIds.map((id) => ({
    type: 'session.deleted',
    postId: null,
    ownerId: userId,
    visibility: 'private',
    data: { id },
  }))
}
