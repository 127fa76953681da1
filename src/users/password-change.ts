import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { deleteUserAccountTokens } from '../account-tokens/account-tokens.queries.js'
import { ApiError, errorResponses, fieldsError } from '../errors.js'
import { callerOf, TOKEN_SECURITY } from '../http/caller.js'
import { data } from '../http/envelope.js'
import { Envelope } from '../http/schemas.js'
import { enqueueMail } from '../mail/outbox.js'
import { deleteOtherUserSessions } from '../sessions/sessions.queries.js'
import { sessionDeletedEvents } from '../sessions/session-events.js'
import { appendEvents } from '../event-log/event-log.queries.js'
import { logSecurityEvent } from '../security-events.js'
import {
  checkAccountPassword,
  hashNewPassword,
  newPasswordProblem,
  type Credentials,
} from '../accounts/credentials.js'
import { updateUser } from '../accounts/users.queries.js'
import { loadCaller } from './profile.js'
import { userUpdatedEvent } from './user-events.js'
import { ChangePasswordBody, UserSchema, userFromRow } from './users.schemas.js'

/** `PUT /v1/me/password`: a new password, every other session signed out, every mailed link void. */
export const passwordChangeRoute: FastifyPluginAsyncTypebox<{ credentials: Credentials }> = async (
  app,
  { credentials },
) => {
  const { db } = app

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
      const user = await loadCaller(db, caller.userId)
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
}
