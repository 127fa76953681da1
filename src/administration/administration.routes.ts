import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { findUserById, listUsers } from '../accounts/users.queries.js'
import { logAudited } from '../audit/audit.js'
import { pageRequest } from '../db/pagination.js'
import { errorResponses, notFound } from '../errors.js'
import { callerOf, TOKEN_SECURITY } from '../http/caller.js'
import { versionEtag } from '../http/conditional.js'
import { data, listBody } from '../http/envelope.js'
import { requirePermission } from '../http/permissions.js'
import { checkedOptionalText } from '../http/text.js'
import { Envelope, IdParams, ListEnvelope } from '../http/schemas.js'
import { changeAccount } from './account-changes.js'
import { AdminUserSchema, adminUserFromRow, ChangeUserBody, UserListQuery } from './administration.schemas.js'

const ADMINS_ONLY = 'Needs the `users:manage` permission (admins): others get 403, anonymous callers 401.'

/** Accounts as admins manage them: `/v1/users`, `/v1/users/{id}`. */
export const administrationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app

  app.get(
    '/users',
    {
      schema: {
        tags: ['administration'],
        summary: 'List and search accounts',
        description:
          `${ADMINS_ONLY} Newest first; \`email\` keeps the accounts whose address starts with it. Paginated like ` +
          'every list (`limit`, `pagetoken`, `from`).',
        security: TOKEN_SECURITY,
        querystring: UserListQuery,
        response: { 200: ListEnvelope(AdminUserSchema), ...errorResponses(400, 401, 403, 422) },
      },
    },
    async (request) => {
      requirePermission(callerOf(request), 'users:manage')
      const { email, ...pageQuery } = request.query
      const prefix = checkedOptionalText(email?.trim().toLowerCase(), 'email') ?? undefined
      const page = await listUsers(db, prefix, pageRequest(pageQuery))
      return listBody(page, adminUserFromRow)
    },
  )

  app.get(
    '/users/:id',
    {
      schema: {
        tags: ['administration'],
        summary: 'Read an account',
        description: `${ADMINS_ONLY} The account with its role and whether it is disabled.`,
        security: TOKEN_SECURITY,
        params: IdParams,
        response: { 200: Envelope(AdminUserSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      requirePermission(callerOf(request), 'users:manage')
      const user = await findUserById(db, request.params.id)
      if (!user) throw notFound('User')
      return reply.header('etag', versionEtag(user.version)).send(data(adminUserFromRow(user)))
    },
  )

  app.patch(
    '/users/:id',
    {
      schema: {
        tags: ['administration'],
        summary: 'Change an account’s role, disable or enable it',
        description:
          `${ADMINS_ONLY} \`role\`: member, moderator or admin (written to the audit log as \`user.role\`). ` +
          '`disabled: true` signs the account out everywhere at once (every session, on every instance) and its ' +
          'logins answer 403 ACCOUNT_DISABLED after a correct password (`user.disable`); `false` lets it sign in ' +
          'again (`user.enable`). The last enabled admin cannot be demoted or disabled: 409 CONFLICT. Answers 200 ' +
          'with the account.',
        security: TOKEN_SECURITY,
        params: IdParams,
        body: ChangeUserBody,
        response: {
          200: Envelope(AdminUserSchema),
          ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422),
        },
      },
    },
    async (request, reply) => {
      const caller = requirePermission(callerOf(request), 'users:manage')
      const { user, audited } = await db
        .transaction()
        .execute((trx) => changeAccount(trx, request.params.id, request.body, caller.userId))
      logAudited(request.log, audited)
      return reply.header('etag', versionEtag(user.version)).send(data(adminUserFromRow(user)))
    },
  )
}
