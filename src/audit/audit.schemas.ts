import { Type, type Static } from 'typebox'
import type { AuditEventRow } from '../db/tables.js'
import { isoTime } from '../http/iso-time.js'
import { Id, Nullable, Timestamp } from '../http/schemas.js'
import { AUDIT_ACTIONS } from './audit.js'

export const AuditEventSchema = Type.Object({
  id: Id,
  actor_id: Nullable(
    Type.String({ format: 'uuid', maxLength: 36, description: 'Who acted; null for the command line' }),
  ),
  action: Type.Enum([...AUDIT_ACTIONS], { description: 'What was done' }),
  target_type: Type.Enum(['post', 'attachment', 'comment', 'user', 'report']),
  target_id: Id,
  note: Nullable(
    Type.String({
      maxLength: 2000,
      description:
        'The moderator’s reason or note; for user.role the change (`member → moderator`); for report.resolve the action and note',
    }),
  ),
  created_at: Timestamp,
})
type AuditEvent = Static<typeof AuditEventSchema>

/** The API representation of a stored audit event. */
export function auditEventFromRow(row: AuditEventRow): AuditEvent {
  return {
    id: row.id,
    actor_id: row.actor_id,
    action: row.action as AuditEvent['action'],
    target_type: row.target_type,
    target_id: row.target_id,
    note: row.note,
    created_at: isoTime(row.created_at),
  }
}
