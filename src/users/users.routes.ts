import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Credentials } from '../accounts/credentials.js'
import { accountDeletionRoute } from './account-deletion.js'
import { meRoutes } from './me.js'
import { passwordChangeRoute } from './password-change.js'
import { registrationRoute } from './registration.js'

/**
 * Registration and the caller's own account: `/v1/register`, `/v1/me`, `/v1/me/password`, one module
 * per part, registered in this order (the OpenAPI document lists operations as they are registered).
 */
export const usersRoutes: FastifyPluginAsyncTypebox<{ credentials: Credentials }> = async (
  app,
  { credentials },
) => {
  await app.register(registrationRoute, { credentials })
  await app.register(meRoutes)
  await app.register(passwordChangeRoute, { credentials })
  await app.register(accountDeletionRoute, { credentials })
}
