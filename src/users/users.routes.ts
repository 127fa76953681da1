import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { deleteUserAccountTokens } from '../account-tokens/account-tokens.queries.js'
import { mailAccountToken } from '../account-tokens/account-tokens.service.js'
import { isUniqueViolation } from '../db/database.js'
import type { UserRow } from '../db/tables.js'
import { ApiError, errorResponses, fieldsError, type FieldErrors } from '../errors.js'
import { type Caller, callerOf, TOKEN_SECURITY } from '../http/caller.js'
import { preconditionFailed, replyNotModified, requiredVersion, versionEtag } from '../http/conditional.js'
import { data } from '../http/envelope.js'
import { Envelope, NoContent, NotModified } from '../http/schemas.js'
import { singleLineProblem } from '../http/text.js'
import { DEFAULT_PAGE_SIZE } from '../db/pagination.js'
import {
  authAttemptsPerIp,
  hashedClientAddressKey,
  consumeAllowance,
  refuseSpentAllowance,
} from '../rate-limits/rate-limits.js'
import { newId } from '../ids.js'
import { enqueueMail } from '../mail/outbox.js'
import { postFromRow } from '../posts/posts.schemas.js'
import { deletePostsByAuthor, listPostsByAuthor } from '../posts/posts.queries.js'
import { deleteOtherUserSessions, listUserSessions } from '../sessions/sessions.queries.js'
import { sessionFromRow } from '../sessions/sessions.schemas.js'
import { sessionDeletedEvents } from '../sessions/session-events.js'
import { onPostEvent, postDeletedEvent } from '../posts/post-events.js'
import { findCommentsOnOthersPosts } from '../comments/comments.queries.js'
import { appendEvents } from '../event-log/event-log.queries.js'
import { userUpdatedEvent } from './user-events.js'
import { logSecurityEvent } from '../security-events.js'
import { lockStorage } from '../storage/storage.queries.js'
import {
  checkAccountPassword,
  emailProblem,
  hashNewPassword,
  newPasswordProblem,
  normalizeEmail,
  type Credentials,
} from '../accounts/credentials.js'
import { codePointLength } from '../accounts/passwords.js'
import {
  deleteUser,
  emailExists,
  findUserById,
  insertUser,
  lockUserForDeletion,
  updateUser,
} from '../accounts/users.queries.js'
import {
  ChangePasswordBody,
  DeleteMeBody,
  DISPLAY_NAME_MAX_LENGTH,
  MeQuery,
  MeSchema,
  PREFERENCES_MAX_BYTES,
  PREFERENCES_MAX_DEPTH,
  RegisterBody,
  UpdateMeBody,
  UserSchema,
  userFromRow,
  type User,
} from './users.schemas.js'

const INCLUDABLE = ['sessions', 'posts'] as const

const REGISTRATIONS = 'registrations from this address'

/**
 * The caller's profile as the API shows it, made once per row object. While a session is in the
 * session cache every request of it gets the same user row, so `/me` need not parse the preferences
 * and format the timestamps on each one; a changed account is read into a new row, which gets its own
 * (the old one goes with its row: the map holds its keys weakly). The object is shared by those
 * requests, so it is frozen, its preferences too; they are only serialised.
 */
const profiles = new WeakMap<UserRow, User>()

function profileOf(row: UserRow): User {
  let profile = profiles.get(row)
  if (profile === undefined) {
    const made = userFromRow(row)
    Object.freeze(made.preferences)
    profile = Object.freeze(made)
    profiles.set(row, profile)
  }
  return profile
}

function displayNameProblem(displayName: string | null | undefined): string | undefined {
  if (displayName === undefined || displayName === null) return undefined
  const problem = singleLineProblem(displayName)
  if (problem) return problem
  if (codePointLength(displayName.trim()) > DISPLAY_NAME_MAX_LENGTH) {
    return `must be at most ${DISPLAY_NAME_MAX_LENGTH} characters`
  }
  return undefined
}

/** True when a JSON value nests objects/arrays deeper than `maxDepth`; iterative, so depth costs no stack. */
function nestsDeeperThan(value: unknown, maxDepth: number): boolean {
  const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 1 }]
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (typeof next.value !== 'object' || next.value === null) continue
    if (next.depth > maxDepth) return true
    for (const child of Object.values(next.value)) pending.push({ value: child, depth: next.depth + 1 })
  }
  return false
}

/** Merges a preferences patch key by key (null removes a key) and checks the size and depth limits. */
function mergePreferences(stored: string, patch: Record<string, unknown>): string {
  // Checked first: JSON.stringify recurses, and a few thousand levels overflow its stack (a 500).
  if (nestsDeeperThan(patch, PREFERENCES_MAX_DEPTH)) {
    throw fieldsError({ preferences: `must nest at most ${PREFERENCES_MAX_DEPTH} levels deep` })
  }
  const merged = new Map(Object.entries(JSON.parse(stored) as Record<string, unknown>))
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) merged.delete(key)
    else merged.set(key, value)
  }
  const text = JSON.stringify(Object.fromEntries(merged))
  if (Buffer.byteLength(text) > PREFERENCES_MAX_BYTES) {
    throw fieldsError({ preferences: `must be at most ${PREFERENCES_MAX_BYTES} bytes of JSON once merged` })
  }
  return text
}

/** What `/me` without `include` embeds: one set for every such request (nothing adds to it). */
const NO_INCLUDES: ReadonlySet<(typeof INCLUDABLE)[number]> = new Set()

function parseIncludes(include: string | undefined): ReadonlySet<(typeof INCLUDABLE)[number]> {
  // The common case, `/me` alone, is the hottest authenticated request: no split, no arrays, no set.
  if (include === undefined) return NO_INCLUDES
  const requested = include
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
  const unknown = requested.filter((part) => !(INCLUDABLE as readonly string[]).includes(part))
  if (unknown.length > 0) throw fieldsError({ include: `must list only: ${INCLUDABLE.join(', ')}` })
  return new Set(requested as (typeof INCLUDABLE)[number][])
}

/** Registration and the caller's own account: `/v1/register`, `/v1/me`, `/v1/me/password`. */
export const usersRoutes: FastifyPluginAsyncTypebox<{ credentials: Credentials }> = async (
  app,
  { credentials },
) => {
  const { db, config } = app

  async function loadCaller(userId: string): Promise<UserRow> {
    const user = await findUserById(db, userId)
    // The session cascade-deletes with its user, so this only happens in a race with DELETE /me.
    if (!user) throw new ApiError('UNAUTHENTICATED', 'Session token is missing, invalid or expired')
    return user
  }

  /** `/me` with `include`: the profile and the first page of each list asked for. */
  async function profileWithLists(caller: Caller, includes: ReadonlySet<(typeof INCLUDABLE)[number]>) {
    const firstPage = { limit: DEFAULT_PAGE_SIZE }
    const [sessions, posts] = await Promise.all([
      includes.has('sessions') ? listUserSessions(db, caller.userId, firstPage) : undefined,
      includes.has('posts') ? listPostsByAuthor(db, caller.userId, firstPage) : undefined,
    ])
    return data({
      ...profileOf(caller.user),
      ...(sessions
        ? { sessions: sessions.rows.map((row) => sessionFromRow(row, caller.sessionId, config)) }
        : {}),
      ...(posts ? { posts: posts.rows.map(postFromRow) } : {}),
    })
  }

  app.post(
    '/register',
    {
      config: { auth: 'none', rateLimit: authAttemptsPerIp(config.authAttemptsPerIp) },
      schema: {
        tags: ['accounts'],
        summary: 'Create an account',
        description:
          'Every invalid field is listed together in one 422. The email is stored lower-cased; an address already ' +
          'registered in any case gives 409 EMAIL_ALREADY_EXISTS. Shares a per-address rate limit with login ' +
          '(AUTH_IP_LIMIT). Besides, a client address (IPv6: its /64) may create at most REGISTER_IP_LIMIT accounts ' +
          '(default 20 per hour): what is counted is accounts created, since that is what the limit is about, and ' +
          'failed attempts are already bounded by AUTH_IP_LIMIT; past it, 429 RATE_LIMITED with Retry-After. The ' +
          'verification mail counts toward MAIL_RECIPIENT_LIMIT (see POST /v1/me/email-verification).',
        body: RegisterBody,
        response: { 201: Envelope(UserSchema), ...errorResponses(400, 409, 413, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const registrations = `registrations:${hashedClientAddressKey(request.ip)}`
      // Refused before the password checks and hash: an address past its limit costs next to nothing.
      await refuseSpentAllowance(db, registrations, config.registrationsPerIp, REGISTRATIONS)
      const email = normalizeEmail(request.body.email)
      const fields: FieldErrors = {}
      const emailIssue = emailProblem(email)
      if (emailIssue) fields['email'] = emailIssue
      const passwordIssue = await newPasswordProblem(credentials, request.body.password, email, request.log)
      if (passwordIssue) fields['password'] = passwordIssue
      const nameIssue = displayNameProblem(request.body.display_name)
      if (nameIssue) fields['display_name'] = nameIssue
      if (Object.keys(fields).length > 0) throw fieldsError(fields)

      const emailTaken = new ApiError('EMAIL_ALREADY_EXISTS', 'An account with this email already exists')
      // Spares an argon2 hash for the common case; the unique index settles races.
      if (await emailExists(db, email)) throw emailTaken

      const now = Date.now()
      const row: UserRow = {
        id: newId(now),
        email,
        password_hash: await hashNewPassword(request.body.password),
        display_name: request.body.display_name?.trim() ?? null,
        preferences: '{}',
        version: 1,
        credentials_version: 1,
        created_at: now,
        updated_at: now,
        email_verified: 0,
        totp_enabled: 0,
        storage_bytes: 0,
        role: 'member',
        disabled: 0,
      }
      try {
        await db.transaction().execute(async (trx) => {
          // Counted with the account it allows, so a failed registration spends nothing and concurrent
          // ones from one address queue on the counter's row: none slips past the limit.
          await consumeAllowance(trx, registrations, config.registrationsPerIp, REGISTRATIONS)
          await insertUser(trx, row)
          await mailAccountToken(trx, app.outbox, row, 'email_verification', config.verifyTokenLifeMs, now)
        })
      } catch (error) {
        if (isUniqueViolation(error)) throw emailTaken
        throw error
      }
      logSecurityEvent(request.log, 'account.created', { userId: row.id })
      app.mailSender.wake()
      return reply
        .code(201)
        .header('etag', versionEtag(row.version))
        .send(data(userFromRow(row)))
    },
  )

  app.get(
    '/me',
    {
      schema: {
        tags: ['accounts'],
        summary: 'The caller’s profile',
        description:
          '`include=sessions,posts` embeds the first page of each list (follow `links` for more). Carries an ETag ' +
          '(If-None-Match → 304) when nothing is embedded.',
        security: TOKEN_SECURITY,
        querystring: MeQuery,
        response: { 200: Envelope(MeSchema), 304: NotModified, ...errorResponses(401, 422) },
      },
    },
    // Not async: the plain profile (the common case) is answered without a promise in between.
    (request, reply) => {
      const caller = callerOf(request)
      const includes = parseIncludes(request.query.include)
      // Authentication read the account in the same statement as the session: no second query.
      const user = caller.user
      if (includes.size === 0) {
        // Sent already (304): a sync handler returns nothing.
        if (replyNotModified(request, reply, versionEtag(user.version))) return undefined
        return data(profileOf(user))
      }
      return profileWithLists(caller, includes)
    },
  )

  app.patch(
    '/me',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Change the caller’s profile',
        description:
          'Only `display_name` and `preferences` can change here (email and password cannot). `preferences` is ' +
          'merged key by key; a null value removes that key; the merged object is at most 16 KiB. Honours If-Match.',
        security: TOKEN_SECURITY,
        body: UpdateMeBody,
        response: { 200: Envelope(UserSchema), ...errorResponses(400, 401, 412, 413, 415, 422) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request)
      const nameIssue = displayNameProblem(request.body.display_name)
      if (nameIssue) throw fieldsError({ display_name: nameIssue })
      const user = await loadCaller(caller.userId)
      const expectedVersion = requiredVersion(request, user.version)
      const changes: Partial<Pick<UserRow, 'display_name' | 'preferences'>> = {}
      if (request.body.display_name !== undefined)
        changes.display_name = request.body.display_name?.trim() ?? null
      if (request.body.preferences !== undefined) {
        changes.preferences = mergePreferences(user.preferences, request.body.preferences)
      }
      const updated = await db.transaction().execute(async (trx) => {
        const changed = await updateUser(trx, user.id, changes, Date.now(), expectedVersion)
        if (!changed) throw preconditionFailed()
        await appendEvents(trx, [userUpdatedEvent(changed)])
        return changed
      })
      return reply.header('etag', versionEtag(updated.version)).send(data(userFromRow(updated)))
    },
  )

  app.put(
    '/me/password',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Change the caller’s password',
        description:
          'Needs the current password (failures count toward the per-account login limit). The new password follows ' +
          'the registration rules. Every other session of the caller is signed out, and every emailed link of the ' +
          'account still open (password resets, verifications, pending email changes) stops working.',
        security: TOKEN_SECURITY,
        body: ChangePasswordBody,
        response: { 200: Envelope(UserSchema), ...errorResponses(400, 401, 413, 415, 422, 429) },
      },
    },
    async (request) => {
      const caller = callerOf(request)
      const user = await loadCaller(caller.userId)
      const attempt = { email: user.email, clientAddress: request.ip, log: request.log }
      // The attempt is counted (and refused over the limit) before any work on the new password.
      const currentMatches = await checkAccountPassword(
        db,
        credentials,
        attempt,
        user,
        request.body.current_password,
      )
      const newPasswordIssue = await newPasswordProblem(
        credentials,
        request.body.new_password,
        user.email,
        request.log,
      )
      if (!currentMatches) {
        logSecurityEvent(request.log, 'auth.login.failed', { userId: user.id }, { route: 'password change' })
        throw fieldsError({
          current_password: 'is incorrect',
          ...(newPasswordIssue ? { new_password: newPasswordIssue } : {}),
        })
      }
      if (newPasswordIssue) throw fieldsError({ new_password: newPasswordIssue })
      const passwordHash = await hashNewPassword(request.body.new_password)
      // Together or not at all: a new password must never leave someone else's sessions alive.
      const updated = await db.transaction().execute(async (trx) => {
        const now = Date.now()
        const changed = await updateUser(trx, user.id, { password_hash: passwordHash }, now)
        if (changed) {
          const signedOut = await deleteOtherUserSessions(trx, user.id, caller.sessionId)
          // No link mailed before the change may outlive it: a reset link would undo it, and a pending
          // email change would hand the account to whoever asked for it with the old password.
          await deleteUserAccountTokens(trx, user.id)
          await enqueueMail(trx, app.outbox, changed.email, 'password_changed', {}, now)
          await appendEvents(trx, [userUpdatedEvent(changed), ...sessionDeletedEvents(user.id, signedOut)])
        }
        return changed
      })
      app.mailSender.wake()
      if (!updated) throw new ApiError('UNAUTHENTICATED', 'Session token is missing, invalid or expired')
      logSecurityEvent(request.log, 'password.changed', { userId: user.id })
      return data(userFromRow(updated))
    },
  )

  app.delete(
    '/me',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Delete the caller’s account',
        description:
          'Needs the password. Deletes the account with all its sessions, posts, attachments and comments. 204.',
        security: TOKEN_SECURITY,
        body: DeleteMeBody,
        response: { 204: NoContent, ...errorResponses(400, 401, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request)
      const user = await loadCaller(caller.userId)
      const attempt = { email: user.email, clientAddress: request.ip, log: request.log }
      if (!(await checkAccountPassword(db, credentials, attempt, user, request.body.password))) {
        logSecurityEvent(request.log, 'auth.login.failed', { userId: user.id }, { route: 'account deletion' })
        throw fieldsError({ password: 'is incorrect' })
      }
      await db.transaction().execute(async (trx) => {
        // The rows in the order every other writer takes them: the account's row first, without
        // blocking a comment's foreign-key check (storage.queries.ts), then its posts, and only then
        // the account itself. A comment checks its post, then its author: deleting the account in one
        // statement took the author's row for good before reaching the posts, and deadlocked on
        // PostgreSQL with a comment being written on one of them.
        await lockStorage(trx, user.id)
        const posts = await deletePostsByAuthor(trx, user.id)
        // Only now the account's row for good (a post or comment being written by the account then
        // commits first, and none starts after), so what is read next is all that goes with it: the
        // posts written since the statement above, and its comments on others' posts (a cascade takes
        // them: their events are read here). Comments by others on its posts need no event of their
        // own: each post's `post.deleted` ends its topic, and its comments with it.
        await lockUserForDeletion(trx, user.id)
        posts.push(...(await deletePostsByAuthor(trx, user.id)))
        const comments = await findCommentsOnOthersPosts(trx, user.id)
        await deleteUser(trx, user.id)
        // Last, as every writer appends: the cursor's lock is then held for the commit alone.
        await appendEvents(trx, [
          ...posts.map(postDeletedEvent),
          ...comments.map((comment) =>
            onPostEvent(
              'comment.deleted',
              {
                id: comment.post_id,
                user_id: comment.post_user_id,
                visibility: comment.visibility,
                hidden: comment.hidden,
              },
              { id: comment.id, post_id: comment.post_id },
              comment.comment_hidden === 0 ? undefined : user.id,
            ),
          ),
        ])
      })
      logSecurityEvent(request.log, 'account.deleted', { userId: user.id })
      return reply.code(204).send(null)
    },
  )
}
