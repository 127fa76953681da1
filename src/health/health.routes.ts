import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { pingDatabase } from './health.queries.js'

const HealthSchema = Type.Object({
  status: Type.Literal('running', { description: 'The instance is alive' }),
  version: Type.String({ maxLength: 64, description: 'Git revision of the running build, or __UNKNOWN__' }),
})

const ReadySchema = Type.Object({ status: Type.Literal('ready') })
const UnavailableSchema = Type.Object({ status: Type.Literal('unavailable') })

/** How long the readiness probe waits for the database before answering 503. */
const READY_TIMEOUT_MS = 1000

/** Resolves true when the database answers within the probe's limit, false otherwise (never throws). */
async function databaseAnswers(ping: () => Promise<void>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const timedOut = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => {
      resolve(false)
    }, READY_TIMEOUT_MS)
  })
  // A ping outliving the limit is left to the pool's own timeouts; the probe has already answered.
  const answered = ping().then(
    () => true,
    () => false,
  )
  try {
    return await Promise.race([answered, timedOut])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * `GET /v1` (liveness and build revision) and `GET /v1/ready` (readiness). Not enveloped, no token, and
 * not counted against REQUEST_LIMIT: a load balancer's probe must never meet a 429.
 */
export const healthRoutes: FastifyPluginAsyncTypebox<{ version: string }> = async (app, { version }) => {
  // Built once: the answer never changes while the process lives.
  const health = { status: 'running' as const, version }
  app.get(
    '/',
    {
      config: { requestBudget: false },
      schema: {
        tags: ['health'],
        summary: 'Health check',
        description: 'Liveness and build revision. The only response that is not enveloped.',
        response: { 200: HealthSchema },
      },
    },
    () => health,
  )

  app.get(
    '/ready',
    {
      config: { requestBudget: false },
      schema: {
        tags: ['health'],
        summary: 'Readiness check',
        description:
          'Whether this instance should get new requests: 200 when the database answers a trivial query within 1 s, ' +
          'else 503; also 503 while the instance drains before shutting down (`SHUTDOWN_DRAIN`). ' +
          'Load balancers probe this one; `GET /v1` stays the liveness check. Not enveloped.',
        response: { 200: ReadySchema, 503: UnavailableSchema },
      },
    },
    async (_request, reply) => {
      if (!app.lifecycle.draining && (await databaseAnswers(() => pingDatabase(app.db)))) {
        return { status: 'ready' as const }
      }
      return reply
        .status(503)
        .header('retry-after', '1')
        .send({ status: 'unavailable' as const })
    },
  )
}
