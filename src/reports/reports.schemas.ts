import { Type, type Static, type TSchema } from 'typebox'
import { AttachmentSchema } from '../attachments/attachments.schemas.js'
import { CommentSchema } from '../comments/comments.schemas.js'
import type { ReportRow } from '../db/tables.js'
import { IncludeQuery } from '../http/include.js'
import { isoTime } from '../http/iso-time.js'
import { reportLinks } from '../http/links.js'
import { Id, Links, Nullable, PageQuery, Timestamp } from '../http/schemas.js'
import { PostSchema } from '../posts/posts.schemas.js'

const NOTE_MAX_LENGTH = 1000

const Reason = Type.Enum(['spam', 'abuse', 'illegal', 'other'], { description: 'Why the item is reported' })
const Action = Type.Enum(['dismiss', 'hide', 'delete'], {
  description:
    'dismiss: nothing is wrong; hide: hide the post or comment (an attachment cannot be hidden); delete: delete the item',
})
const Note = Type.String({
  maxLength: NOTE_MAX_LENGTH,
  description: `At most ${NOTE_MAX_LENGTH.toLocaleString('en')} characters`,
})

export const ReportSchema = Type.Object({
  id: Id,
  reporter_id: Id,
  target_type: Type.Enum(['post', 'attachment', 'comment']),
  target_id: Id,
  post_id: Type.String({
    format: 'uuid',
    maxLength: 36,
    description: 'The post the item is on (a post: itself)',
  }),
  reason: Reason,
  note: Nullable(Type.String({ maxLength: NOTE_MAX_LENGTH, description: 'The reporter’s words' })),
  status: Type.Enum(['open', 'resolved']),
  created_at: Timestamp,
  resolution: Nullable(
    Type.Object(
      {
        action: Action,
        note: Nullable(Type.String({ maxLength: NOTE_MAX_LENGTH, description: 'The moderator’s words' })),
        resolver_id: Id,
        resolved_at: Timestamp,
      },
      { description: 'How a moderator resolved the report; null while it is open' },
    ),
  ),
  links: Links(
    { required: ['self', 'target', 'resolve'] },
    'Absolute paths: the report, the item reported, and where a moderator resolves it',
  ),
})
type Report = Static<typeof ReportSchema>

/** A report with `include=target`: the item it is about, typed by `target_type`. */
function ReportOn<Kind extends string, Target extends TSchema>(targetType: Kind, target: Target) {
  return Type.Object({
    ...ReportSchema.properties,
    target_type: Type.Literal(targetType),
    target: Type.Optional(
      Type.Unsafe<Static<Target> | null>({
        ...Nullable(target),
        description:
          `With include=target: the ${targetType} as its own GET answers the caller; null when it is gone or ` +
          'out of the caller’s sight',
      }),
    ),
  })
}

/** A report as `GET /v1/reports` and `GET /v1/reports/{id}` answer it: with its item when asked. */
export const ReportWithTargetSchema = Type.Union([
  ReportOn('post', PostSchema),
  ReportOn('attachment', AttachmentSchema),
  ReportOn('comment', CommentSchema),
])
export type ReportWithTarget = Static<typeof ReportWithTargetSchema>

/** What `include` can embed in a report. */
export const REPORT_INCLUDABLE = ['target'] as const

export const ReportQuery = Type.Object({ include: IncludeQuery(REPORT_INCLUDABLE) })

export const ReportBody = Type.Object(
  { reason: Reason, note: Type.Optional(Note) },
  { additionalProperties: false },
)
export type ReportBody = Static<typeof ReportBody>

export const ResolveBody = Type.Object(
  { action: Action, note: Type.Optional(Note) },
  { additionalProperties: false },
)
export type ResolveBody = Static<typeof ResolveBody>

export const ReportListQuery = Type.Object({
  ...PageQuery.properties,
  ...ReportQuery.properties,
  status: Type.Optional(
    Type.Enum(['open', 'resolved'], {
      description: 'open (default): the queue; resolved: the reports handled',
    }),
  ),
})
export type ReportListQuery = Static<typeof ReportListQuery>

/** The API representation of a stored report. */
export function reportFromRow(row: ReportRow): Report {
  return {
    id: row.id,
    reporter_id: row.reporter_id,
    target_type: row.target_type,
    target_id: row.target_id,
    post_id: row.post_id,
    reason: row.reason,
    note: row.note,
    status: row.status,
    created_at: isoTime(row.created_at),
    resolution:
      row.action === null || row.resolver_id === null || row.resolved_at === null
        ? null
        : {
            action: row.action,
            note: row.resolution_note,
            resolver_id: row.resolver_id,
            resolved_at: isoTime(row.resolved_at),
          },
    links: reportLinks(row),
  }
}
