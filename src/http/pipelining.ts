import type { Socket } from 'node:net'
import type { FastifyInstance, FastifyRequest } from 'fastify'

// HTTP/1.1 lets a client write its next requests on a connection without waiting for the answers
// (pipelining). Node parses them as they come and hands each to the app at once, answering them in
// order, so a `GET /v1/me` written right behind `DELETE /v1/sessions/{self}` ran beside the deletion and
// could be answered as if the session were still there. RFC 9112 §9.3.2 allows processing pipelined
// requests in parallel only when they are all safe: here a request that follows an unsafe one (any
// method but GET, HEAD, OPTIONS and TRACE) on the same connection starts only once that one's handler
// has finished, that is once its answer is ready (onSend, which every answered request reaches, also a
// failed one or one whose client went away: the same point where it stops counting as at work).
//
// Each connection remembers the latest unsafe request still at work on it; a request arriving behind
// one waits for it, and an unsafe request waiting so becomes the one the next requests wait for, so a
// chain of them runs one after another. Nothing waits for a request that came later, so no cycle can
// form. Safe requests after safe ones run side by side as before. The usual case, one request at a
// time, reads one property of the socket and allocates nothing.

const latestUnsafe = Symbol('quire.latestUnsafeRequest')

/** An unsafe request at work on a connection, and the requests that came after it, waiting. */
class UnsafeRequestAtWork {
  /** Continuations of the waiting requests, created with the first of them. */
  waiters: Array<() => void> | undefined = undefined

  constructor(readonly socket: PipelinedSocket) {}
}

interface PipelinedSocket extends Socket {
  [latestUnsafe]?: UnsafeRequestAtWork | undefined
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set while this request is an unsafe one at work on its connection (see pipelining.ts). */
    unsafeAtWork: UnsafeRequestAtWork | null
  }
}

/** True for the methods RFC 9110 defines as safe (read-only). */
function isSafe(method: string): boolean {
  return method === 'GET' || method === 'HEAD' || method === 'OPTIONS' || method === 'TRACE'
}

/** Adds what orderAfterUnsafe and releaseWaiting keep on each request; call it once, before any request. */
export function trackPipelinedRequests(app: FastifyInstance): void {
  app.decorateRequest('unsafeAtWork', null)
}

/**
 * Calls `proceed` at once, or, when an unsafe request is still at work on the same connection, once it
 * has finished. Call it from the first onRequest hook, in place of its `done()`.
 */
export function orderAfterUnsafe(request: FastifyRequest, proceed: () => void): void {
  const socket = request.raw.socket as PipelinedSocket
  const before = socket[latestUnsafe]
  if (!isSafe(request.method)) {
    const atWork = new UnsafeRequestAtWork(socket)
    request.unsafeAtWork = atWork
    socket[latestUnsafe] = atWork
  }
  if (before === undefined) {
    proceed()
    return
  }
  ;(before.waiters ??= []).push(proceed)
}

/**
 * Lets the requests waiting behind this one go on, if it is an unsafe one: call it once its handler
 * has finished (onSend); calling it again does nothing. They go on in a later tick, not inside this
 * request's hooks.
 */
export function releaseWaiting(request: FastifyRequest): void {
  const atWork = request.unsafeAtWork
  if (atWork === null) return
  request.unsafeAtWork = null
  if (atWork.socket[latestUnsafe] === atWork) atWork.socket[latestUnsafe] = undefined
  const waiters = atWork.waiters
  if (waiters === undefined) return
  atWork.waiters = undefined
  for (const proceed of waiters) process.nextTick(proceed)
}
