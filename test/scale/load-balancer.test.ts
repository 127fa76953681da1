import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { setTimeout as delay } from 'node:timers/promises'
import pg from 'pg'
import { ensureBuilt, send, startListening, type HttpAnswer, type SendOptions } from '../e2e/built-server.js'
import { freshDatabaseUrl, strongPassword, TEST_ENGINE, uniqueEmail } from '../helpers.js'
import { openStream, type SseStream } from '../events/stream-helpers.js'
import { findProgram, haproxyServers, startHaproxy } from './external.js'

// Two built Quire processes on one fresh PostgreSQL database, behind Debian's HAProxy with the
// configuration docs/operations.md shows: whatever instance answers, the service behaves as one.

const HAPROXY = findProgram('haproxy')
const SKIP =
  TEST_ENGINE !== 'postgres'
    ? 'runs in the PostgreSQL pass'
    : HAPROXY === undefined
      ? 'haproxy is not installed: skipping the load-balancer test (.ci/run installs it)'
      : false

/** The address the test's client connects from: another "machine" on the loopback. */
const CLIENT_ADDRESS = '127.0.0.2'

/** The `data` of an enveloped answer; the type argument states what the test expects. */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
function body<T>(answer: HttpAnswer): T {
  return (JSON.parse(answer.body) as { data: T }).data
}

describe('several instances behind HAProxy', () => {
  it(
    'share sessions, posts, uniqueness and limits; report client addresses; lose nothing when one stops',
    { skip: SKIP },
    async (t) => {
      await ensureBuilt(t)
      const databaseUrl = await freshDatabaseUrl(t, 'postgres')
      const env = {
        DATABASE_URL: databaseUrl,
        // Only HAProxy's address (its `source`) is trusted to tell the client's address.
        TRUST_PROXY: '127.0.0.3/32',
        LOGIN_FAILURE_LIMIT: '4/15m',
        AUTH_IP_LIMIT: '10000/1m',
        // The stop-under-load part writes posts as fast as it can.
        USER_POST_LIMIT: '1000000/1m',
        // Long enough for HAProxy (checks every 250 ms, down after 2 failures) on a busy machine.
        SHUTDOWN_DRAIN: '3s',
      }
      // Started together: their migrations meet under PostgreSQL's advisory lock.
      const [a, b] = await Promise.all([startListening(t, env), startListening(t, env)])
      const balancer = await startHaproxy(t, HAPROXY ?? '', [
        { name: 'a', port: a.port },
        { name: 'b', port: b.port },
      ])
      const via =
        (port: number) =>
        (method: string, path: string, options: SendOptions = {}) =>
          send(port, method, path, { localAddress: CLIENT_ADDRESS, ...options })
      const lb = via(balancer.port)
      const onA = via(a.port)
      const onB = via(b.port)
      const bearer = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` })

      const email = uniqueEmail('lb')
      const password = strongPassword()
      assert.equal((await lb('POST', '/v1/register', { body: { email, password } })).status, 201)

      await t.test('the balancer alternates between the instances', async () => {
        const servedBy = new Set<string>()
        for (let i = 0; i < 4; i += 1) {
          const answer = await lb('GET', '/v1')
          assert.equal(answer.status, 200)
          servedBy.add(String(answer.headers['x-served-by']))
        }
        assert.deepEqual([...servedBy].sort(), ['a', 'b'])
      })

      await t.test(
        'a session created on one instance works on the other; logout on one ends it on both',
        async () => {
          const login = await onA('POST', '/v1/sessions', { body: { email, password } })
          assert.equal(login.status, 201, login.body)
          const session = body<{ id: string; token: string }>(login)
          assert.equal((await onB('GET', '/v1/me', { headers: bearer(session.token) })).status, 200)
          for (let i = 0; i < 2; i += 1) {
            assert.equal((await lb('GET', '/v1/me', { headers: bearer(session.token) })).status, 200)
          }
          const logout = await onB('DELETE', `/v1/sessions/${session.id}`, { headers: bearer(session.token) })
          assert.equal(logout.status, 204)
          assert.equal((await onA('GET', '/v1/me', { headers: bearer(session.token) })).status, 401)
          for (let i = 0; i < 2; i += 1) {
            assert.equal((await lb('GET', '/v1/me', { headers: bearer(session.token) })).status, 401)
          }
        },
      )

      await t.test('a post created on one instance is listed by the other', async () => {
        const token = body<{ token: string }>(
          await onA('POST', '/v1/sessions', { body: { email, password } }),
        ).token
        const created = await onA('POST', '/v1/posts', {
          headers: bearer(token),
          body: { title: 'made on a' },
        })
        assert.equal(created.status, 201)
        const id = body<{ id: string }>(created).id
        const listed = body<Array<{ id: string }>>(await onB('GET', '/v1/posts'))
        assert.ok(listed.some((post) => post.id === id))
        const mine = body<Array<{ id: string }>>(await onB('GET', '/v1/me/posts', { headers: bearer(token) }))
        assert.equal(mine[0]?.id, id)
      })

      await t.test('the same email registered on both at the same moment: one 201, one 409', async () => {
        for (let round = 0; round < 5; round += 1) {
          const racing = uniqueEmail('race')
          const answers = await Promise.all([
            onA('POST', '/v1/register', { body: { email: racing, password: strongPassword() } }),
            onB('POST', '/v1/register', { body: { email: racing, password: strongPassword() } }),
          ])
          assert.deepEqual(
            answers.map((answer) => answer.status).sort(),
            [201, 409],
            answers.map((answer) => answer.body).join('\n'),
          )
        }
      })

      await t.test('failed logins are counted across both instances', async () => {
        const victim = uniqueEmail('limit')
        const victimPassword = strongPassword()
        assert.equal(
          (await onA('POST', '/v1/register', { body: { email: victim, password: victimPassword } })).status,
          201,
        )
        const wrong = { body: { email: victim, password: 'wrong password, surely' } }
        // LOGIN_FAILURE_LIMIT is 4: two failures on each instance use it up.
        for (const instance of [onA, onB, onA, onB])
          assert.equal((await instance('POST', '/v1/sessions', wrong)).status, 401)
        for (const instance of [onA, onB]) {
          const limited = await instance('POST', '/v1/sessions', {
            body: { email: victim, password: victimPassword },
          })
          assert.equal(limited.status, 429, limited.body)
          assert.ok(Number(limited.headers['retry-after']) > 0)
        }
      })

      await t.test(
        'sessions show the client’s address, not the balancer’s, and a forged header is ignored',
        async () => {
          const viaBalancer = await lb('POST', '/v1/sessions', {
            body: { email, password },
            headers: { 'x-forwarded-for': '10.9.9.9' },
          })
          const token = body<{ token: string }>(viaBalancer).token
          const sessions = body<Array<{ current: boolean; metadata: { ip: string | null } }>>(
            await lb('GET', '/v1/sessions', { headers: bearer(token) }),
          )
          // HAProxy appends the real peer (127.0.0.2) after what the client claimed; Quire trusts
          // only HAProxy's hop, so the claim is not believed.
          assert.equal(sessions.find((session) => session.current)?.metadata.ip, CLIENT_ADDRESS)

          // Straight to an instance, a client's X-Forwarded-For is not trusted at all.
          const direct = await onA('POST', '/v1/sessions', {
            body: { email, password },
            headers: { 'x-forwarded-for': '10.9.9.9' },
          })
          assert.equal(body<{ metadata: { ip: string } }>(direct).metadata.ip, CLIENT_ADDRESS)
        },
      )

      await t.test(
        'stopping one instance mid-load: HAProxy marks it down via /v1/ready, no request is lost, and an event ' +
          'stream on it resumes on the other with Last-Event-ID, missing no event and repeating none',
        async () => {
          const token = body<{ token: string }>(
            await lb('POST', '/v1/sessions', { body: { email, password } }),
          ).token
          // An event stream through the balancer, held by b (the instance about to stop).
          let stream: SseStream | undefined
          for (let i = 0; i < 6 && stream === undefined; i += 1) {
            const opened = await openStream(balancer.port, '/v1/events?topics=posts')
            assert.equal(opened.status, 200)
            if (opened.headers['x-served-by'] === 'b') stream = opened
            else opened.close()
          }
          assert.ok(stream, 'a stream through the balancer reached b')
          const streamedBy: string[] = ['b']
          const streamed: string[] = []
          const following = { on: true }
          // What EventSource does: read until the stream ends, then reconnect with Last-Event-ID.
          const follow = async (first: SseStream): Promise<void> => {
            let current = first
            // Kept across connections, as EventSource keeps it: a stream ended at once (by an instance
            // that is draining) carries no id of its own.
            let lastId: string | undefined
            while (following.on) {
              lastId = current.lastId ?? lastId
              try {
                const event = await current.nextEvent<{ id: string }>(200)
                if (event.event === 'post.created') streamed.push(event.data.id)
                assert.notEqual(event.event, 'reset')
              } catch {
                if (!current.ended || current.untaken().length > 0) continue
                lastId = current.lastId ?? lastId
                current = await openStream(
                  balancer.port,
                  '/v1/events?topics=posts',
                  lastId === undefined ? {} : { 'last-event-id': lastId },
                )
                if (current.status !== 200) {
                  await delay(100)
                  continue
                }
                streamedBy.push(String(current.headers['x-served-by']))
              }
            }
            current.close()
          }
          const follower = follow(stream)
          const answers: Array<{ status: number; servedBy: string; id?: string }> = []
          const control = { running: true }
          const worker = async (write: boolean): Promise<void> => {
            let n = 0
            while (control.running) {
              n += 1
              const answer = write
                ? await lb('POST', '/v1/posts', { headers: bearer(token), body: { title: `load ${n}` } })
                : await lb('GET', '/v1/me', { headers: bearer(token) })
              answers.push({
                status: answer.status,
                servedBy: String(answer.headers['x-served-by']),
                ...(write && answer.status === 201 ? { id: body<{ id: string }>(answer).id } : {}),
              })
            }
          }
          const workers = [worker(true), worker(false), worker(true), worker(false)]
          await delay(500)

          b.child.kill('SIGTERM')
          // While b drains it still serves, but its readiness answers 503: HAProxy takes it out.
          const deadline = Date.now() + 5000
          let down = false
          while (!down && Date.now() < deadline) {
            const state = (await haproxyServers(balancer.statsSocket)).find((server) => server.name === 'b')
            down = state?.status === 'DOWN' && state.checkStatus === 'L7STS' && state.checkCode === '503'
            if (!down) await delay(50)
          }
          assert.ok(down, 'b is marked DOWN by a 503 from /v1/ready')
          assert.deepEqual(await b.exited, { code: 0, signal: null })
          const stoppedAt = answers.length
          await delay(500)
          control.running = false
          await Promise.all(workers)

          const failures = answers.filter((answer) => answer.status !== 200 && answer.status !== 201)
          assert.deepEqual(failures, [], 'every request through the balancer succeeded')
          assert.ok(answers.slice(stoppedAt).every((answer) => answer.servedBy === 'a'))
          assert.ok(
            answers.some((answer) => answer.servedBy === 'b'),
            'b served part of the load before stopping',
          )

          const created = answers.flatMap((answer) => (answer.id === undefined ? [] : [answer.id]))
          const streamDeadline = Date.now() + 10_000
          while (streamed.length < created.length && Date.now() < streamDeadline) await delay(50)
          following.on = false
          await follower
          assert.equal(new Set(streamed).size, streamed.length, 'no event arrived twice')
          assert.deepEqual(
            [...streamed].sort(),
            [...created].sort(),
            'every post created arrived on the stream',
          )
          assert.equal(streamedBy.at(-1), 'a', `the stream moved to a (${streamedBy.join(', ')})`)
          const client = new pg.Client({ connectionString: databaseUrl })
          await client.connect()
          try {
            const { rows } = await client.query('select count(*)::int as n from posts where id = any($1)', [
              created,
            ])
            assert.equal((rows[0] as { n: number }).n, created.length, 'every acknowledged post is stored')
          } finally {
            await client.end()
          }
        },
      )
    },
  )
})
