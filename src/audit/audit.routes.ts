import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { pageRequest } from '../db/pagination.js'
import { errorResponses } from '../errors.js'
import { callerOf, TOKEN_SECURITY } from '../http/caller.js'
import { listBody } from '../http/envelope.js'
import { requirePermission } from '../http/permissions.js'
import { ListEnvelope, PageQuery } from '../http/schemas.js'
import { listAuditEvents } from './audit.queries.js'
import { auditEventFromRow, AuditEventSchema } from './audit.schemas.js'

/** The audit log, read-only: `GET /v1/audit-events`. Nothing in the API changes or deletes it. */
export const auditRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app

  app.get(
    '/audit-events',
    {
      schema: {
        tags: ['administration'],
        summary: 'The audit log',
        description:
          'Needs the `audit:read` permission (admins): others get 403, anonymous callers 401. Every moderation and ' +
          'administration action, newest first: hiding, showing again and deleting others’ content, resolving ' +
          'reports, and changing accounts’ roles and disabling or enabling them (from the API or, with `actor_id` ' +
          'null, the command line). Append-only: no route changes or deletes it. Paginated like every list ' +
          '(`limit`, `pagetoken`, `from`).',
        security: TOKEN_SECURITY,
        querystring: PageQuery,
        response: { 200: ListEnvelope(AuditEventSchema), ...errorResponses(400, 401, 403, 422) },
      },
    },
    async (request) => {
      requirePermission(callerOf(request), 'audit:read')
      return listBody(await listAuditEvents(db, pageRequest(request.query)), auditEventFromRow)
    },
  )
}
