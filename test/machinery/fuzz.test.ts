import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { describe, it } from 'node:test'
import { setTimeout as delay } from 'node:timers/promises'
import fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import { buildTestApp, json, registerAndLogin, UNLIMITED_WRITES } from '../helpers.js'
import {
  describeRequest,
  fuzzRequests,
  operationsOf,
  type FuzzRequest,
  type OpenApiDocument,
  type FuzzTargets,
  type OperationSpec,
} from './fuzz-requests.js'

// OpenAPI-driven fuzzing: every operation of the live document, hit with generated requests. The
// invariants: never a 5xx, every error in the envelope, every documented enveloped success has
// `data`, the server keeps answering, Object.prototype stays clean, and no request holds the event
// loop longer than LOOP_BLOCK_LIMIT_MS. FUZZ_RUNS sets the volume (10,000 by default), FUZZ_SEED
// replays a run; the seed is printed on failure.

const RUNS = Number(process.env['FUZZ_RUNS'] ?? 10_000)
const SEED = Number(process.env['FUZZ_SEED'] ?? Date.now() % 2_147_483_647)
const SOCKET_RUNS = Math.min(500, Math.ceil(RUNS / 20))
const WINDOW = 100
const CONCURRENCY = 10
const LOOP_BLOCK_LIMIT_MS = 50
const LOOP_RESOLUTION_MS = 10

interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

/** Sets up two users with public and private posts, attachments and comments: real IDs to aim at. */
interface Seeded {
  targets: FuzzTargets
  /** Live tokens by placeholder; a session the fuzzer ended is replaced by a new login. */
  sessions: Array<{ placeholder: string; token: string; email: string; password: string }>
}

async function seedTargets(app: FastifyInstance): Promise<Seeded> {
  const author = await registerAndLogin(app, 'author')
  const reader = await registerAndLogin(app, 'reader')
  // A second session of the author: the fuzzer may well log it out.
  const spare = await app.inject({
    method: 'POST',
    url: '/v1/sessions',
    payload: { email: author.email, password: author.password },
  })
  const spareSession = json<{ data: { id: string; token: string } }>(spare).data
  // Not the main sessions' IDs: a generated DELETE /v1/sessions/{id} would end them and every later
  // request would stop at 401. The spare session is there to be deleted.
  const ids = [author.id, reader.id, spareSession.id]
  for (const visibility of ['public', 'private']) {
    const post = await app.inject({
      method: 'POST',
      url: '/v1/posts',
      headers: author.auth,
      payload: { title: `A ${visibility} post`, body: 'Some text', visibility },
    })
    const postId = json<{ data: { id: string } }>(post).data.id
    const attachment = await app.inject({
      method: 'POST',
      url: `/v1/posts/${postId}/attachments?filename=notes.txt`,
      headers: { ...author.auth, 'content-type': 'text/plain' },
      payload: 'attachment bytes',
    })
    const attachmentId = json<{ data: { id: string } }>(attachment).data.id
    const comment = await app.inject({
      method: 'POST',
      url: `/v1/posts/${postId}/comments`,
      headers: author.auth,
      payload: { body: 'A comment' },
    })
    ids.push(postId, attachmentId, json<{ data: { id: string } }>(comment).data.id)
  }
  for (const response of [spare]) assert.equal(response.statusCode, 201)
  const sessions = [
    { token: author.token, email: author.email, password: author.password },
    { token: reader.token, email: reader.email, password: reader.password },
    { token: spareSession.token, email: author.email, password: author.password },
  ].map((session, index) => ({ ...session, placeholder: `@token${index}@` }))
  return { targets: { ids, tokens: sessions.map((session) => session.placeholder) }, sessions }
}

/** Puts the current tokens in place of their placeholders. */
function withTokens(request: FuzzRequest, sessions: Seeded['sessions']): FuzzRequest {
  const fill = (text: string): string =>
    sessions.reduce((filled, session) => filled.replaceAll(session.placeholder, session.token), text)
  return {
    ...request,
    url: fill(request.url),
    headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, fill(value)])),
  }
}

/** Logs in again for every session the fuzzer ended (DELETE /v1/sessions/others and the like). */
async function reviveSessions(app: FastifyInstance, sessions: Seeded['sessions']): Promise<void> {
  for (const session of sessions) {
    const me = await app.inject({ url: '/v1/me', headers: { authorization: `Bearer ${session.token}` } })
    if (me.statusCode === 200) continue
    const login = await app.inject({
      method: 'POST',
      url: '/v1/sessions',
      payload: { email: session.email, password: session.password },
    })
    assert.equal(login.statusCode, 201, `logging in again: ${login.body}`)
    session.token = json<{ data: { token: string } }>(login).data.token
  }
}

/** Operations whose documented success body is `{"data": …}` (health and the like are not enveloped). */
function envelopedPaths(document: OpenApiDocument): Set<string> {
  const enveloped = new Set<string>()
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const successes = Object.entries(operation.responses ?? {}).filter(([status]) => status.startsWith('2'))
      if (JSON.stringify(successes).includes('"data":')) enveloped.add(`${method.toUpperCase()} ${path}`)
    }
  }
  return enveloped
}

/** The broken invariant, or undefined when the answer is acceptable. */
function violation(request: FuzzRequest, answer: Answer): string | undefined {
  if (answer.status >= 500) return `status ${answer.status}: ${answer.body.slice(0, 300)}`
  const type = String(answer.headers['content-type'] ?? '')
  if (answer.status >= 400) {
    if (request.method === 'HEAD') return undefined
    if (!type.startsWith('application/json')) return `error ${answer.status} with content-type ${type}`
    let body: unknown
    try {
      body = JSON.parse(answer.body)
    } catch {
      return `error ${answer.status} whose body is not JSON: ${answer.body.slice(0, 200)}`
    }
    const error = (body as { error?: { code?: unknown; message?: unknown } }).error
    if (
      typeof error?.code !== 'string' ||
      !/^[A-Z_]+$/.test(error.code) ||
      typeof error.message !== 'string'
    ) {
      return `error ${answer.status} outside the envelope: ${answer.body.slice(0, 200)}`
    }
    if ('data' in (body as object)) return `error ${answer.status} carries data`
  }
  if (answer.headers['x-request-id'] === undefined) return 'no X-Request-Id'
  return undefined
}

function envelopeViolation(
  answer: Answer,
  operationKey: string | undefined,
  enveloped: Set<string>,
): string | undefined {
  if (answer.status !== 200 && answer.status !== 201) return undefined
  if (operationKey === undefined || !enveloped.has(operationKey)) return undefined
  const type = String(answer.headers['content-type'] ?? '')
  if (!type.startsWith('application/json')) return undefined
  const body = JSON.parse(answer.body) as Record<string, unknown>
  return 'data' in body ? undefined : `success ${answer.status} without data: ${answer.body.slice(0, 200)}`
}

async function viaInject(
  app: FastifyInstance,
  generated: FuzzRequest,
  sessions: Seeded['sessions'],
): Promise<Answer> {
  const request = withTokens(generated, sessions)
  const response = await app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: request.headers,
    ...(request.body === undefined ? {} : { payload: request.body }),
  })
  return { status: response.statusCode, headers: response.headers as Answer['headers'], body: response.body }
}

function viaSocket(port: number, generated: FuzzRequest, sessions: Seeded['sessions']): Promise<Answer> {
  const request = withTokens(generated, sessions)
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { host: '127.0.0.1', port, method: request.method, path: request.url, headers: request.headers },
      (incoming) => {
        const chunks: Buffer[] = []
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
        incoming.on('end', () => {
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            body: Buffer.concat(chunks).toString(),
          })
        })
        incoming.on('error', reject)
      },
    )
    outgoing.on('error', reject)
    outgoing.end(request.body)
  })
}

/**
 * CPU time of this process's main thread (the event loop) in ms: Linux's schedstat, in nanoseconds.
 * Elsewhere the whole process's CPU time, which also counts libuv's pool (argon2) and so only errs high.
 */
function mainThreadCpuMs(): number {
  try {
    return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6
  } catch {
    const usage = process.cpuUsage()
    return (usage.user + usage.system) / 1000
  }
}

const POLLUTION_PROBE = 'polluted'

function prototypeIsClean(baseline: string[]): boolean {
  return (
    JSON.stringify(Object.getOwnPropertyNames(Object.prototype).sort()) === JSON.stringify(baseline) &&
    !(POLLUTION_PROBE in {})
  )
}

/** Matches a generated URL back to its operation (the longest template that fits). */
function operationMatcher(operations: OperationSpec[]): (request: FuzzRequest) => string | undefined {
  const patterns = operations.map((operation) => ({
    key: `${operation.method} ${operation.path}`,
    method: operation.method,
    regex: new RegExp(`^(?:/api)?${operation.path.replace(/\{[^}]+\}/g, '[^/?]+')}/?(?:\\?|$)`),
  }))
  return (request) => {
    // Clients (and inject) resolve dot segments before sending, as WHATWG URLs do.
    const path = new URL(request.url, 'http://quire.test').pathname
    return patterns.find((pattern) => pattern.method === request.method && pattern.regex.test(path))?.key
  }
}

describe('OpenAPI-driven fuzzing', () => {
  it(`answers ${RUNS} generated requests over every documented route within the invariants`, async (t) => {
    const { app } = await buildTestApp(t, {
      LOG_LEVEL: 'warn',
      AUTH_IP_LIMIT: '1000000/1m',
      LOGIN_FAILURE_LIMIT: '1000000/1m',
      // Creation routes would otherwise answer only 429 after the first minute's budget.
      ...UNLIMITED_WRITES,
    })
    const document = json<OpenApiDocument>(await app.inject({ url: '/v1/openapi.json' }))
    const operations = operationsOf(document)
    assert.ok(operations.length >= 30, `the document lists ${operations.length} operations`)
    const enveloped = envelopedPaths(document)
    const operationOf = operationMatcher(operations)
    const { targets, sessions } = await seedTargets(app)
    const arbitrary = fuzzRequests(operations, targets)
    const baseline = Object.getOwnPropertyNames(Object.prototype).sort()
    const failures: string[] = []
    const statuses = new Map<number, number>()
    const histogram = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS })
    histogram.enable()
    t.after(() => {
      histogram.disable()
    })

    const check = (request: FuzzRequest, answer: Answer, how: string): void => {
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1)
      const broken = violation(request, answer) ?? envelopeViolation(answer, operationOf(request), enveloped)
      if (broken !== undefined) failures.push(`${how}: ${broken}\n    ${describeRequest(request)}`)
    }

    // The longest event-loop stall while these requests ran together. A stall is wall-clock time, so on
    // a busy machine (CI, other processes) it includes time this thread was not even scheduled: it
    // counts only as far as the main thread really was computing over the same window.
    const stallOf = async (requests: FuzzRequest[]): Promise<number> => {
      await delay(LOOP_RESOLUTION_MS)
      histogram.reset()
      const cpuBefore = mainThreadCpuMs()
      await Promise.all(requests.map((request) => viaInject(app, request, sessions)))
      await delay(LOOP_RESOLUTION_MS * 2)
      return Math.min(histogram.max / 1e6, mainThreadCpuMs() - cpuBefore)
    }

    let sent = 0
    const replayedWindows: number[] = []
    for (let window = 0; sent < RUNS && failures.length === 0; window += 1) {
      const requests = fc.sample(arbitrary, { seed: SEED + window, numRuns: Math.min(WINDOW, RUNS - sent) })
      histogram.reset()
      for (let start = 0; start < requests.length; start += CONCURRENCY) {
        const batch = requests.slice(start, start + CONCURRENCY)
        const answers = await Promise.all(batch.map((request) => viaInject(app, request, sessions)))
        batch.forEach((request, index) => {
          const answer = answers[index]
          if (answer) check(request, answer, 'inject')
        })
      }
      sent += requests.length
      await delay(LOOP_RESOLUTION_MS * 2)
      if (histogram.max / 1e6 > LOOP_BLOCK_LIMIT_MS) {
        replayedWindows.push(Math.round(histogram.max / 1e6))
        // Something in this window (or the machine) stalled the loop: find the request, if any, that
        // does it reproducibly on its own; scheduler noise and GC pauses do not repeat.
        for (let start = 0; start < requests.length; start += CONCURRENCY) {
          const batch = requests.slice(start, start + CONCURRENCY)
          if ((await stallOf(batch)) <= LOOP_BLOCK_LIMIT_MS) continue
          for (const request of batch) {
            // The least of five stalls: a busy machine (CI, other processes) adds delay to some
            // measurements, but only the request's own work shows up in all five.
            let least = Infinity
            for (let attempt = 0; attempt < 5 && least > LOOP_BLOCK_LIMIT_MS; attempt += 1) {
              // Spread out, so one burst of load elsewhere cannot spoil every attempt.
              await delay(attempt * attempt * 100)
              least = Math.min(least, await stallOf([request]))
            }
            if (least > LOOP_BLOCK_LIMIT_MS) {
              failures.push(
                `event loop held ${Math.round(least)} ms (over ${LOOP_BLOCK_LIMIT_MS})\n    ${describeRequest(request)}`,
              )
            }
          }
        }
      }
      if (!prototypeIsClean(baseline)) failures.push(`Object.prototype polluted during window ${window}`)
      await reviveSessions(app, sessions)
      const health = await app.inject({ url: '/v1' })
      if (health.statusCode !== 200)
        failures.push(`health check answered ${health.statusCode} after window ${window}`)
    }

    // Some of the same traffic over a real socket: the HTTP parser and connection handling see it too.
    await app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = app.server.address() as AddressInfo
    const socketRequests = fc.sample(arbitrary, { seed: SEED - 1, numRuns: SOCKET_RUNS })
    for (let start = 0; start < socketRequests.length && failures.length === 0; start += CONCURRENCY) {
      const batch = socketRequests.slice(start, start + CONCURRENCY)
      const answers = await Promise.allSettled(batch.map((request) => viaSocket(port, request, sessions)))
      batch.forEach((request, index) => {
        const answer = answers[index]
        if (answer?.status === 'fulfilled') check(request, answer.value, 'socket')
        else
          failures.push(
            `socket: connection failed (${String(answer?.status === 'rejected' ? answer.reason : '')})\n    ${describeRequest(request)}`,
          )
      })
    }
    const health = await viaSocket(port, { method: 'GET', url: '/v1', headers: {} }, sessions)
    assert.equal(health.status, 200, 'the server answers after the run')

    t.diagnostic(
      `seed ${SEED}: ${sent} requests through inject, ${socketRequests.length} over a socket; windows replayed for a loop stall: ${JSON.stringify(replayedWindows)}; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`,
    )
    assert.deepEqual(
      failures.slice(0, 10),
      [],
      `fuzzing found ${failures.length} problem(s); replay with FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}`,
    )
  })
})
