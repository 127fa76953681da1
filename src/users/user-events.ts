import type { UserRow } from '../db/tables.js'
import type { NewEvent } from '../event-log/event-log.queries.js'
import { userFromRow } from './users.schemas.js'

/** `user.updated` on the account's own `me` topic, with the user as GET /v1/me answers (without lists). */
export function userUpdatedEvent(row: UserRow): NewEvent {
  return {
    type: 'user.updated',
    postId: null,
    ownerId: row.id,
    visibility: 'private',
    data: userFromRow(row),
  }
}
