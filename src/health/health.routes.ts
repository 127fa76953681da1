import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'

export const HealthSchema = Type.Object({
  status: Type.Literal('running', { description: 'The instance is alive' }),
  version: Type.String({ description: 'Git revision of the running build, or __UNKNOWN__' }),
})

/** `GET /v1`: liveness and build revision. Not enveloped and needs no token, so probes stay trivial. */
export const healthRoutes: FastifyPluginAsyncTypebox<{ version: string }> = async (app, { version }) => {
  // Built once: the answer never changes while the process lives.
  const health = { status: 'running' as const, version }
  app.get(
    '/',
    {
      schema: {
        tags: ['health'],
        summary: 'Health check',
        description: 'Liveness and build revision. The only response that is not enveloped.',
        response: { 200: HealthSchema },
      },
    },
    () => health,
  )
}
