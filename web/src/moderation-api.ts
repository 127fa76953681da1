// The moderation and administration routes, which the typed client does not wrap: called through its
// `raw` openapi-fetch client, with failures turned into the client's QuireError and lists into its
// Paged shape, so screens treat them exactly like the wrapped ones.

import { QuireError, type Page, type Paged, type paths, type Quire, type User } from '@quire/client'

type Data<Body> = Body extends { content: { 'application/json': { data: infer D } } } ? D : never

/**
 * A report of a post, attachment or comment, as `GET /v1/reports` lists it: with `include=target`, the
 * item itself (typed by `target_type`; null when it is gone).
 */
export type Report = Data<paths['/v1/reports/{id}']['get']['responses'][200]>
/** An account as admins see it (with `role` and `disabled`). */
export type AdminUser = Data<paths['/v1/users/{id}']['get']['responses'][200]>
/** One entry of the audit log. */
export type AuditEvent = Data<paths['/v1/audit-events']['get']['responses'][200]>[number]

export type ReportReason = Report['reason']
export type ResolveAction = NonNullable<Report['resolution']>['action']
type Permission = User['permissions'][number]

/** What may be reported or moderated. */
export type TargetType = Report['target_type']

interface Answer<T> {
  data?: T
  error?: unknown
  response: Response
}

/** The answer's body, or the QuireError its failure means. */
async function settle<T>(send: () => Promise<Answer<T>>): Promise<T> {
  let answer: Answer<T>
  try {
    answer = await send()
  } catch (cause) {
    const detail = cause instanceof Error ? cause.message : String(cause)
    throw new QuireError(0, 'NETWORK_ERROR', `Could not reach the Quire server (${detail})`)
  }
  if (!answer.response.ok || answer.data === undefined) throw toQuireError(answer.response, answer.error)
  return answer.data
}

function toQuireError(response: Response, body: unknown): QuireError {
  const envelope =
    typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'object'
      ? (body.error as { code?: unknown; message?: unknown; fields?: unknown })
      : {}
  const fields: Record<string, string> = {}
  if (typeof envelope.fields === 'object' && envelope.fields !== null) {
    for (const [name, value] of Object.entries(envelope.fields)) {
      if (typeof value === 'string') fields[name] = value
    }
  }
  return new QuireError(
    response.status,
    (typeof envelope.code === 'string' ? envelope.code : 'HTTP_ERROR') as QuireError['code'],
    typeof envelope.message === 'string' ? envelope.message : `HTTP ${response.status}`,
    fields,
    response.headers.get('x-request-id') ?? undefined,
  )
}

/** A list the same shape as the client's: one page at a time, or every item with `for await`. */
function pagedList<T>(
  fetchPage: (pagetoken: string | undefined) => Promise<{ data: T[]; next_page_token?: string }>,
): Paged<T> {
  const page = async (pageToken?: string): Promise<Page<T>> => {
    const body = await fetchPage(pageToken)
    return body.next_page_token === undefined
      ? { items: body.data }
      : { items: body.data, nextPageToken: body.next_page_token }
  }
  return {
    page,
    async *[Symbol.asyncIterator]() {
      let token: string | undefined
      do {
        const current = await page(token)
        yield* current.items
        token = current.nextPageToken
      } while (token !== undefined)
    },
  }
}

/** True when the signed-in user holds the permission (from `permissions` on /v1/me). */
export function can(user: User | undefined, permission: Permission): boolean {
  return user?.permissions.includes(permission) ?? false
}

/** Reports an item: 201, or a QuireError (409 CONFLICT when this user's report of it is still open). */
export async function reportItem(
  quire: Quire,
  target: { type: TargetType; id: string },
  body: { reason: ReportReason; note?: string },
): Promise<Report> {
  const params = { params: { path: { id: target.id } }, body }
  const answer =
    target.type === 'post'
      ? await settle(() => quire.raw.POST('/v1/posts/{id}/reports', params))
      : target.type === 'attachment'
        ? await settle(() => quire.raw.POST('/v1/attachments/{id}/reports', params))
        : await settle(() => quire.raw.POST('/v1/comments/{id}/reports', params))
  return answer.data
}

/**
 * The reports waiting for a moderator (`open`, oldest first) or those handled (`resolved`), each with
 * the item it is about: the page and its items are one request.
 */
export function listReports(quire: Quire, status: 'open' | 'resolved', limit: number): Paged<Report> {
  return pagedList((pagetoken) => {
    const query = { status, limit, include: 'target' }
    return settle(() =>
      quire.raw.GET('/v1/reports', {
        params: { query: pagetoken === undefined ? query : { ...query, pagetoken } },
      }),
    )
  })
}

/** Resolves a report by dismissing it, or hiding or deleting what it reports. */
export async function resolveReport(
  quire: Quire,
  id: string,
  body: { action: ResolveAction; note?: string },
): Promise<Report> {
  return (await settle(() => quire.raw.POST('/v1/reports/{id}/resolve', { params: { path: { id } }, body })))
    .data
}

/** Hides a post or comment (with the reason its author will see), or shows it again. */
export async function setHidden(
  quire: Quire,
  target: { type: 'post' | 'comment'; id: string },
  hidden: boolean,
  reason?: string,
): Promise<void> {
  const path = { params: { path: { id: target.id } } }
  const body = reason === undefined || reason === '' ? {} : { reason }
  if (target.type === 'post') {
    await (hidden
      ? settle(() => quire.raw.POST('/v1/posts/{id}/hide', { ...path, body }))
      : settle(() => quire.raw.POST('/v1/posts/{id}/unhide', path)))
  } else {
    await (hidden
      ? settle(() => quire.raw.POST('/v1/comments/{id}/hide', { ...path, body }))
      : settle(() => quire.raw.POST('/v1/comments/{id}/unhide', path)))
  }
}

/** Accounts whose email starts with `emailPrefix` (all when empty). */
export function listUsers(quire: Quire, emailPrefix: string, limit: number): Paged<AdminUser> {
  return pagedList((pagetoken) => {
    const query: { limit: number; email?: string; pagetoken?: string } = { limit }
    if (emailPrefix !== '') query.email = emailPrefix
    if (pagetoken !== undefined) query.pagetoken = pagetoken
    return settle(() => quire.raw.GET('/v1/users', { params: { query } }))
  })
}

/** Changes an account's role, or disables or enables it. */
export async function changeUser(
  quire: Quire,
  id: string,
  changes: { role?: AdminUser['role']; disabled?: boolean },
): Promise<AdminUser> {
  return (await settle(() => quire.raw.PATCH('/v1/users/{id}', { params: { path: { id } }, body: changes })))
    .data
}

/** The audit log, newest first. */
export function listAuditEvents(quire: Quire, limit: number): Paged<AuditEvent> {
  return pagedList((pagetoken) =>
    settle(() =>
      quire.raw.GET('/v1/audit-events', {
        params: { query: pagetoken === undefined ? { limit } : { limit, pagetoken } },
      }),
    ),
  )
}
