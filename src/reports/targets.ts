import { attachmentFromRow } from '../attachments/attachments.schemas.js'
import { commentFromRow } from '../comments/comments.schemas.js'
import type { Db } from '../db/database.js'
import type { ReportRow } from '../db/tables.js'
import type { Caller } from '../http/caller.js'
import { canSeeComment, canSeePost } from '../http/permissions.js'
import { postFromRow } from '../posts/posts.schemas.js'
import { findReportTargets } from './reports.queries.js'
import { reportFromRow, type ReportWithTarget } from './reports.schemas.js'

// `include=target`: each report of a page carries its item exactly as the item's own GET answers the
// caller (a moderator sees hidden items, with their `moderation`), or null where that GET would be a
// 404: the item is gone, or out of the caller's sight (another user's private post).

/** The items of a page of reports the caller may see, by ID, as the API shows them. */
interface ReportTargets {
  post: Map<string, ReturnType<typeof postFromRow>>
  attachment: Map<string, ReturnType<typeof attachmentFromRow>>
  comment: Map<string, ReturnType<typeof commentFromRow>>
}

/** Reads the items these reports are about (one statement per type of item) and keeps those the caller may see. */
export async function loadReportTargets(
  db: Db,
  caller: Caller,
  reports: readonly ReportRow[],
): Promise<ReportTargets> {
  const found = await findReportTargets(db, reports)
  const targets: ReportTargets = { post: new Map(), attachment: new Map(), comment: new Map() }
  for (const post of found.posts) {
    if (canSeePost(caller, post)) targets.post.set(post.id, postFromRow(post))
  }
  for (const { attachment, post } of found.attachments) {
    if (canSeePost(caller, post)) targets.attachment.set(attachment.id, attachmentFromRow(attachment))
  }
  for (const item of found.comments) {
    if (canSeeComment(caller, item)) targets.comment.set(item.comment.id, commentFromRow(item.comment))
  }
  return targets
}

/** The API representation of a report, with its item when `targets` were loaded (null where none). */
export function reportWithTarget(row: ReportRow, targets: ReportTargets | undefined): ReportWithTarget {
  const report = reportFromRow(row)
  const id = row.target_id
  switch (row.target_type) {
    case 'post':
      return targets
        ? { ...report, target_type: 'post', target: targets.post.get(id) ?? null }
        : { ...report, target_type: 'post' }
    case 'attachment':
      return targets
        ? { ...report, target_type: 'attachment', target: targets.attachment.get(id) ?? null }
        : { ...report, target_type: 'attachment' }
    case 'comment':
      return targets
        ? { ...report, target_type: 'comment', target: targets.comment.get(id) ?? null }
        : { ...report, target_type: 'comment' }
  }
}
