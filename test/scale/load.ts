import type { FastifyInstance } from 'fastify'
import { setTimeout as delay } from 'node:timers/promises'

// Steady traffic against an app while a test breaks its database: every answer is recorded with
// its timing, so the test can say what clients saw before, during and after an outage.

/** One answered request. */
export interface Answer {
  kind: 'read' | 'write'
  status: number
  startedAt: number
  endedAt: number
  retryAfter: string | undefined
  code: string | undefined
  /** The id of the post a 201 created. */
  createdId: string | undefined
}

interface Load {
  answers: Answer[]
  /** Stops sending and waits for the requests in flight. */
  stop: () => Promise<Answer[]>
}

/**
 * Starts `workers` loops, each sending one request at a time as `auth`: a post creation (write) and
 * a profile read, alternately, with a short pause between requests.
 */
export function startLoad(app: FastifyInstance, auth: { authorization: string }, workers = 4): Load {
  const answers: Answer[] = []
  let running = true
  let sequence = 0
  const loop = async (): Promise<void> => {
    while (running) {
      sequence += 1
      const write = sequence % 2 === 0
      const startedAt = Date.now()
      const response = await app.inject(
        write
          ? { method: 'POST', url: '/v1/posts', headers: auth, payload: { title: `load ${sequence}` } }
          : { method: 'GET', url: '/v1/me', headers: auth },
      )
      const body = response.body === '' ? {} : (JSON.parse(response.body) as Record<string, unknown>)
      const error = body['error'] as { code?: string } | undefined
      const data = body['data'] as { id?: string } | undefined
      answers.push({
        kind: write ? 'write' : 'read',
        status: response.statusCode,
        startedAt,
        endedAt: Date.now(),
        retryAfter: response.headers['retry-after'],
        code: error?.code,
        createdId: write && response.statusCode === 201 ? data?.id : undefined,
      })
      await delay(10)
    }
  }
  const loops = Array.from({ length: workers }, loop)
  return {
    answers,
    stop: async () => {
      running = false
      await Promise.all(loops)
      return answers
    },
  }
}

/** Waits until `predicate` holds for an answer started after `since`; fails after `limitMs`. */
export async function waitForAnswer(
  load: Load,
  since: number,
  predicate: (answer: Answer) => boolean,
  limitMs: number,
): Promise<Answer> {
  const deadline = Date.now() + limitMs
  for (;;) {
    const found = load.answers.find((answer) => answer.startedAt >= since && predicate(answer))
    if (found) return found
    if (Date.now() > deadline) {
      const seen = load.answers.filter((answer) => answer.startedAt >= since).map((answer) => answer.status)
      throw new Error(`no matching answer within ${limitMs} ms; statuses seen: ${seen.join(',')}`)
    }
    await delay(20)
  }
}
