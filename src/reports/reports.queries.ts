import { findAttachmentsWithPosts } from '../attachments/attachments.queries.js'
import { findCommentsWithPosts, type CommentWithAuthor } from '../comments/comments.queries.js'
import { compiledQuery } from '../db/compiled.js'
import type { Db } from '../db/database.js'
import type { AttachmentRow, PostRow, ReportRow } from '../db/tables.js'
import { findPostsByIds, type PostWithAuthor } from '../posts/posts.queries.js'
import {
  pageWindow,
  paginate,
  toPage,
  type Page,
  type PageRequest,
  type PageWindow,
} from '../db/pagination.js'

const insertReportQuery = compiledQuery((db, row: ReportRow) => db.insertInto('reports').values(row))

/** Inserts a report; a second open report by the same user on the same item fails with a unique violation. */
export async function insertReport(db: Db, row: ReportRow): Promise<void> {
  await insertReportQuery.changed(db, row)
}

const reportById = compiledQuery((db, v: { id: string }) =>
  db.selectFrom('reports').selectAll().where('id', '=', v.id),
)

/** The report with this ID. */
export function findReportById(db: Db, id: string): Promise<ReportRow | undefined> {
  return reportById.first(db, { id })
}

const reportsByStatus = compiledQuery((db, v: { status: ReportRow['status'] } & PageWindow) =>
  paginate(db.selectFrom('reports').selectAll().where('status', '=', v.status), 'reports', v, 'oldest-first'),
)

/** One page of the open (or resolved) reports, oldest first: the moderators' queue. */
export async function listReports(
  db: Db,
  status: ReportRow['status'],
  page: PageRequest,
): Promise<Page<ReportRow>> {
  return toPage(await reportsByStatus.rows(db, { status, ...pageWindow(page) }), page)
}

/** The items a page of reports is about, each with the post that decides who may see it. */
interface ReportTargetRows {
  posts: PostWithAuthor[]
  attachments: Array<{ attachment: AttachmentRow; post: PostRow }>
  comments: Array<{ comment: CommentWithAuthor; post: PostRow }>
}

/** The distinct IDs of the items of one type that these reports name. */
function targetIds(reports: readonly ReportRow[], type: ReportRow['target_type']): string[] {
  return [...new Set(reports.filter((row) => row.target_type === type).map((row) => row.target_id))]
}

/**
 * The items these reports are about that still exist: one statement per type of item the page names
 * (none for a type it does not), whatever its length. A page holds at most MAX_PAGE_SIZE reports, within
 * the compiled queries' list cap.
 */
export async function findReportTargets(db: Db, reports: readonly ReportRow[]): Promise<ReportTargetRows> {
  const postIds = targetIds(reports, 'post')
  const attachmentIds = targetIds(reports, 'attachment')
  const commentIds = targetIds(reports, 'comment')
  const [posts, attachments, comments] = await Promise.all([
    postIds.length === 0 ? [] : findPostsByIds(db, postIds),
    attachmentIds.length === 0 ? [] : findAttachmentsWithPosts(db, attachmentIds),
    commentIds.length === 0 ? [] : findCommentsWithPosts(db, commentIds),
  ])
  return { posts, attachments, comments }
}

/** How a moderator resolved a report. */
export interface Resolution {
  action: NonNullable<ReportRow['action']>
  note: string | null
  resolverId: string
  now: number
}

const resolveReportQuery = compiledQuery(
  (db, v: { id: string; action: string; note: string | null; resolverId: string; now: number }) =>
    db
      .updateTable('reports')
      .set({
        status: 'resolved',
        action: v.action as ReportRow['action'],
        resolution_note: v.note,
        resolver_id: v.resolverId,
        resolved_at: v.now,
      })
      .where('id', '=', v.id)
      .where('status', '=', 'open')
      .returningAll(),
)

/** Resolves an open report; undefined when it is gone or was resolved meanwhile. */
export function resolveReport(db: Db, id: string, resolution: Resolution): Promise<ReportRow | undefined> {
  const { action, note, resolverId, now } = resolution
  return resolveReportQuery.first(db, { id, action, note, resolverId, now })
}

const resolveItemReportsQuery = compiledQuery(
  (
    db,
    v: {
      targetType: string
      targetId: string
      action: string
      note: string | null
      resolverId: string
      now: number
    },
  ) =>
    db
      .updateTable('reports')
      .set({
        status: 'resolved',
        action: v.action as ReportRow['action'],
        resolution_note: v.note,
        resolver_id: v.resolverId,
        resolved_at: v.now,
      })
      .where('target_type', '=', v.targetType as ReportRow['target_type'])
      .where('target_id', '=', v.targetId)
      .where('status', '=', 'open'),
)

/** Resolves every other open report on the same item the same way (once it is hidden or deleted). */
export async function resolveItemReports(
  db: Db,
  item: Pick<ReportRow, 'target_type' | 'target_id'>,
  resolution: Resolution,
): Promise<void> {
  const { action, note, resolverId, now } = resolution
  await resolveItemReportsQuery.changed(db, {
    targetType: item.target_type,
    targetId: item.target_id,
    action,
    note,
    resolverId,
    now,
  })
}
