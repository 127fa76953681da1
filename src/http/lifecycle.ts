import { setTimeout as delay } from 'node:timers/promises'
import type { FastifyInstance, FastifyReply, FastifyRequest, RequestPayload } from 'fastify'
import { ApiError } from '../errors.js'

// A request's life as shutdown sees it: counted while at work, its connection closed once the
// server is closing, and failed at once when its client went away before sending its body. app.ts
// calls `started` and `answered` from its one onRequest and one onSend hook.

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Where the process is in its life: `draining` once shutdown has begun; `settled()` resolves once
     * no request is still at work (a request whose client went away keeps running after close()).
     */
    lifecycle: {
      draining: boolean
      settled: () => Promise<void>
      whenDraining: (listener: () => void) => void
    }
  }
  interface FastifyRequest {
    /** Counted among the requests at work (see requestLifecycle): from the first hook until its answer is ready. */
    atWork: boolean
  }
}

/** Methods whose requests carry a body Fastify reads before validation. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH'])

/** Fails a request whose connection closed before its body was read (see requestLifecycle). */
function abandonedBodyCheck(
  request: FastifyRequest,
  _reply: FastifyReply,
  payload: RequestPayload,
  done: (error: Error | null, payload?: RequestPayload) => void,
): void {
  if (request.raw.destroyed) {
    done(new ApiError('BAD_REQUEST', 'The connection closed before the request body was read'))
    return
  }
  done(null, payload)
}

/** What the app's per-request hooks tell the lifecycle. */
interface RequestLifecycle {
  /** From the request's first hook: it counts as at work. */
  started(request: FastifyRequest): void
  /** Once its answer is ready: it stops counting, and while closing its connection will close. */
  answered(request: FastifyRequest, reply: FastifyReply): void
}

/**
 * Decorates `app` with `lifecycle` and each request with `atWork`, adds the abandoned-body check to
 * every route that takes a body, and notes when closing begins. Call before any route is added.
 */
export function requestLifecycle(app: FastifyInstance): RequestLifecycle {
  // Requests from their first hook until their answer is ready. close() resolves once every
  // connection has closed, but a request whose client went away runs on, queries included: shutdown
  // waits for these before closing the database, so none of them fails half-way on a closed pool.
  // A count, not a set of requests: a long-lived set holding each young request costs the garbage
  // collector on every request. Each request carries whether it is counted, because the onSend hooks
  // run twice when a later one fails.
  let requestsAtWork = 0
  app.decorateRequest('atWork', false)
  const settled = async (): Promise<void> => {
    while (requestsAtWork > 0) await delay(10)
  }
  // Long-lived answers (event streams) end when draining begins, so their clients reconnect elsewhere.
  let draining = false
  const drainListeners: Array<() => void> = []
  app.decorate('lifecycle', {
    get draining() {
      return draining
    },
    set draining(value: boolean) {
      const began = value && !draining
      draining = value
      if (began) for (const listener of drainListeners) listener()
    },
    settled,
    whenDraining(listener: () => void) {
      drainListeners.push(listener)
    },
  })
  // A request whose client goes away before its body is read would never get further (Fastify's body
  // reader waits on a stream that has already been destroyed) and keep shutdown waiting: the routes
  // that take a body answer it at once instead, to nobody. The last preParsing hook, so no await
  // comes between this check and the reader.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    if (!methods.some((method) => BODY_METHODS.has(method))) return
    const own = route.preParsing === undefined ? [] : [route.preParsing].flat()
    route.preParsing = [...own, abandonedBodyCheck]
  })

  // Once closing, a response still in flight ends its connection, so shutdown does not wait out an
  // idle keep-alive client (Fastify does this only for requests that start after closing).
  let closing = false
  app.addHook('preClose', async () => {
    closing = true
  })
  return {
    started(request) {
      request.atWork = true
      requestsAtWork += 1
    },
    answered(request, reply) {
      if (request.atWork) {
        request.atWork = false
        requestsAtWork -= 1
      }
      if (closing) void reply.header('connection', 'close')
    },
  }
}
