import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { findAttachmentWithPost } from '../attachments/attachments.queries.js'
import { removeAttachment } from '../attachments/removal.js'
import { audited, type AuditEntry } from '../audit/audit.js'
import { findCommentWithPost } from '../comments/comments.queries.js'
import { removeComment } from '../comments/removal.js'
import { isUniqueViolation, type Db } from '../db/database.js'
import { pageRequest } from '../db/pagination.js'
import type { ReportRow } from '../db/tables.js'
import { ApiError, errorResponses, fieldsError, notFound } from '../errors.js'
import { callerOf, TOKEN_SECURITY, type Caller } from '../http/caller.js'
import { data, listBody } from '../http/envelope.js'
import { parseInclude } from '../http/include.js'
import { reportLinks } from '../http/links.js'
import { requirePermission, visibleComment, visiblePost } from '../http/permissions.js'
import { Envelope, IdParams, ListEnvelope } from '../http/schemas.js'
import { checkedOptionalText } from '../http/text.js'
import { newId } from '../ids.js'
import { findPostById } from '../posts/posts.queries.js'
import { hideComment, hidePost } from '../moderation/hiding.js'
import { removePost } from '../posts/removal.js'
import { perUserLimit } from '../rate-limits/rate-limits.js'
import {
  findReportById,
  insertReport,
  listReports,
  resolveItemReports,
  resolveReport,
  type Resolution,
} from './reports.queries.js'
import {
  REPORT_INCLUDABLE,
  ReportBody,
  ReportListQuery,
  ReportQuery,
  ReportSchema,
  ReportWithTargetSchema,
  ResolveBody,
  reportFromRow,
} from './reports.schemas.js'
import { loadReportTargets, reportWithTarget } from './targets.js'

// Reports: anyone signed in reports what they can see; moderators work through the queue, oldest
// first, and resolve each report by dismissing it or by hiding or deleting the item.

const REPORT_RULES =
  'Any signed-in user who can see the item; `reason` is one of spam, abuse, illegal, other, `note` at most 1,000 ' +
  'characters. One open report per user and item: another while the first is open is a 409 CONFLICT; once a ' +
  'moderator resolved it, the item may be reported again. Each user may file USER_REPORT_LIMIT reports per window ' +
  '(default 20 a minute), then 429 RATE_LIMITED. Answers 201 with the report.'

const REPORT_RESPONSES = {
  201: Envelope(ReportSchema),
  ...errorResponses(400, 401, 404, 409, 413, 415, 422, 429),
}

const ITEM_GONE = 'The reported item is gone or no longer visible to you; dismiss the report instead'

/** Reporting posts, attachments and comments; the moderators' queue and its resolutions. */
export const reportsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app
  const reportLimit = perUserLimit(config.reportsPerUser, 'reports', 'reports filed')

  /** Files the caller's report on an item they could see; 409 while their previous one is open. */
  async function fileReport(
    caller: Caller,
    item: Pick<ReportRow, 'target_type' | 'target_id' | 'post_id'>,
    body: ReportBody,
  ): Promise<ReportRow> {
    const now = Date.now()
    const row: ReportRow = {
      id: newId(now),
      reporter_id: caller.userId,
      ...item,
      reason: body.reason,
      note: checkedOptionalText(body.note, 'note'),
      status: 'open',
      action: null,
      resolution_note: null,
      resolver_id: null,
      resolved_at: null,
      created_at: now,
    }
    try {
      await insertReport(db, row)
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new ApiError('CONFLICT', 'You already reported this item; a moderator has yet to resolve it')
      }
      throw error
    }
    return row
  }

  /** How each kind of item is found for its reporter: 404 for what they cannot see. */
  const reportable: Array<{
    path: string
    summary: string
    find: (
      caller: Caller | null,
      id: string,
    ) => Promise<Pick<ReportRow, 'target_type' | 'target_id' | 'post_id'>>
  }> = [
    {
      path: '/posts/:id/reports',
      summary: 'Report a post',
      find: async (caller, id) => {
        const post = visiblePost(caller, await findPostById(db, id))
        return { target_type: 'post', target_id: post.id, post_id: post.id }
      },
    },
    {
      path: '/attachments/:id/reports',
      summary: 'Report an attachment',
      find: async (caller, id) => {
        const found = await findAttachmentWithPost(db, id)
        if (!found) throw notFound('Attachment')
        const post = visiblePost(caller, found.post, 'Attachment')
        return { target_type: 'attachment', target_id: found.attachment.id, post_id: post.id }
      },
    },
    {
      path: '/comments/:id/reports',
      summary: 'Report a comment',
      find: async (caller, id) => {
        const { comment } = visibleComment(caller, await findCommentWithPost(db, id))
        return { target_type: 'comment', target_id: comment.id, post_id: comment.post_id }
      },
    },
  ]
  for (const { path, summary, find } of reportable) {
    app.post(
      path,
      {
        config: { rateLimit: reportLimit },
        schema: {
          tags: ['reports'],
          summary,
          description: REPORT_RULES,
          security: TOKEN_SECURITY,
          params: IdParams,
          body: ReportBody,
          response: REPORT_RESPONSES,
        },
      },
      async (request, reply) => {
        const caller = callerOf(request)
        const row = await fileReport(caller, await find(caller, request.params.id), request.body)
        return reply
          .code(201)
          .header('location', reportLinks(row).self)
          .send(data(reportFromRow(row)))
      },
    )
  }

  const INCLUDE_TARGET =
    '`include=target` embeds in each report the item it is about, as its own GET answers the caller (a post, an ' +
    'attachment or a comment, by `target_type`; hidden ones with their `moderation`), or null when it is gone or ' +
    'out of the caller’s sight; any other `include` is a 422. The items are read in one statement per type of ' +
    'item, whatever the page’s length.'

  app.get(
    '/reports',
    {
      schema: {
        tags: ['reports'],
        summary: 'The moderators’ queue',
        description:
          'Needs the `reports:review` permission (moderators and admins): others get 403, anonymous callers 401. ' +
          '`status=open` (the default) lists the reports waiting for a moderator, `status=resolved` those handled; ' +
          `oldest first. Paginated like every list (\`limit\`, \`pagetoken\`, \`from\`). ${INCLUDE_TARGET}`,
        security: TOKEN_SECURITY,
        querystring: ReportListQuery,
        response: { 200: ListEnvelope(ReportWithTargetSchema), ...errorResponses(400, 401, 403, 422) },
      },
    },
    async (request) => {
      const caller = requirePermission(callerOf(request), 'reports:review')
      const { status, include, ...pageQuery } = request.query
      const includes = parseInclude(include, REPORT_INCLUDABLE)
      const page = await listReports(db, status ?? 'open', pageRequest(pageQuery))
      const targets = includes.has('target') ? await loadReportTargets(db, caller, page.rows) : undefined
      return listBody(page, (row) => reportWithTarget(row, targets))
    },
  )

  app.get(
    '/reports/:id',
    {
      schema: {
        tags: ['reports'],
        summary: 'Read a report',
        description:
          'Needs the `reports:review` permission (moderators and admins): others get 403, anonymous callers 401. ' +
          INCLUDE_TARGET,
        security: TOKEN_SECURITY,
        params: IdParams,
        querystring: ReportQuery,
        response: { 200: Envelope(ReportWithTargetSchema), ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const caller = requirePermission(callerOf(request), 'reports:review')
      const includes = parseInclude(request.query.include, REPORT_INCLUDABLE)
      const report = await findReportById(db, request.params.id)
      if (!report) throw notFound('Report')
      const targets = includes.has('target') ? await loadReportTargets(db, caller, [report]) : undefined
      return data(reportWithTarget(report, targets))
    },
  )

  /**
   * Hides or deletes the reported item in `trx`, as the moderator may (404 for what they cannot see
   * becomes a 409: the report exists, its item is out of reach). Returns the audit entry of that action.
   */
  async function actOnItem(
    trx: Db,
    caller: Caller,
    report: ReportRow,
    action: 'hide' | 'delete',
    note: string | null,
  ): Promise<AuditEntry> {
    const gone = new ApiError('CONFLICT', ITEM_GONE)
    const entry = { actorId: caller.userId, targetType: report.target_type, targetId: report.target_id, note }
    try {
      if (report.target_type === 'post') {
        requirePermission(caller, 'posts:moderate')
        const post = visiblePost(caller, await findPostById(trx, report.target_id))
        const done =
          action === 'hide'
            ? (await hidePost(trx, post, { at: Date.now(), reason: note })) !== undefined
            : await removePost(trx, post)
        if (!done) throw gone
        return { ...entry, action: `post.${action}` }
      }
      if (report.target_type === 'comment') {
        requirePermission(caller, 'comments:moderate')
        const { comment, post } = visibleComment(caller, await findCommentWithPost(trx, report.target_id))
        const done =
          action === 'hide'
            ? (await hideComment(trx, post, comment, { at: Date.now(), reason: note })) !== undefined
            : await removeComment(trx, post, comment)
        if (!done) throw gone
        return { ...entry, action: `comment.${action}` }
      }
      requirePermission(caller, 'posts:moderate')
      const found = await findAttachmentWithPost(trx, report.target_id)
      const post = visiblePost(caller, found?.post, 'Attachment')
      if (!found || !(await removeAttachment(trx, post, found.attachment))) throw gone
      return { ...entry, action: 'attachment.delete' }
    } catch (error) {
      if (error instanceof ApiError && error.code === 'NOT_FOUND') throw gone
      throw error
    }
  }

  app.post(
    '/reports/:id/resolve',
    {
      schema: {
        tags: ['reports'],
        summary: 'Resolve a report',
        description:
          'Needs the `reports:review` permission (moderators and admins): others get 403, anonymous callers 401. ' +
          '`action`: `dismiss` resolves only this report; `hide` hides the post or comment (as POST …/hide, with ' +
          '`note` as its reason; an attachment cannot be hidden: 422) and `delete` deletes the item (as DELETE), ' +
          'and both resolve every other open report on the same item too. A report already resolved, or whose ' +
          'item is gone or out of the moderator’s sight, is a 409 CONFLICT (dismiss it instead). Written to the ' +
          'audit log as `report.resolve`, beside the item’s own action (`post.hide`, `comment.delete`, …), in ' +
          'the same transaction. Answers 200 with the resolved report.',
        security: TOKEN_SECURITY,
        params: IdParams,
        body: ResolveBody,
        response: { 200: Envelope(ReportSchema), ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422) },
      },
    },
    async (request) => {
      const caller = requirePermission(callerOf(request), 'reports:review')
      const { action } = request.body
      const note = checkedOptionalText(request.body.note, 'note')
      const report = await findReportById(db, request.params.id)
      if (!report) throw notFound('Report')
      if (action === 'hide' && report.target_type === 'attachment') {
        throw fieldsError({ action: 'an attachment cannot be hidden: delete it, or hide its post' })
      }
      const resolved = new ApiError('CONFLICT', 'This report is already resolved')
      if (report.status !== 'open') throw resolved
      const resolution: Resolution = { action, note, resolverId: caller.userId, now: Date.now() }
      const row = await audited(db, request.log, async (trx) => {
        const updated = await resolveReport(trx, report.id, resolution)
        if (!updated) throw resolved
        const entries: AuditEntry[] = []
        if (action !== 'dismiss') {
          entries.push(await actOnItem(trx, caller, report, action, note))
          await resolveItemReports(trx, report, resolution)
        }
        const summary = note === null ? action : `${action}: ${note}`
        entries.push({
          actorId: caller.userId,
          action: 'report.resolve',
          targetType: 'report',
          targetId: report.id,
          note: summary,
        })
        return { result: updated, entries }
      })
      return data(reportFromRow(row))
    },
  )
}
