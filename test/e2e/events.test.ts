import assert from 'node:assert/strict'
import { Agent } from 'node:http'
import { describe, it } from 'node:test'
import { freshDatabaseUrl, TEST_ENGINE } from '../helpers.js'
import { openStream, type SseStream } from '../events/stream-helpers.js'
import { ensureBuilt, send, startListening, waitUntil } from './built-server.js'

// Live events across WORKERS=2 on one port: a change written through one worker reaches the streams
// held by both, each once (SQLite: every worker reads the outbox by cursor while it has streams;
// PostgreSQL: LISTEN/NOTIFY).

describe('events: WORKERS=2', () => {
  it('a post written through one worker reaches streams on both workers within a second', async (t) => {
    await ensureBuilt(t)
    const env: Record<string, string> = { WORKERS: '2', LOG_LEVEL: 'info', AUTH_IP_LIMIT: '1000/1m' }
    if (TEST_ENGINE === 'postgres') env['DATABASE_URL'] = await freshDatabaseUrl(t)
    const server = await startListening(t, env)
    await waitUntil('both workers listening', () =>
      server
        .stdout()
        .split('\n')
        .filter((line) => line.includes('"worker listening"')).length >= 2
        ? true
        : undefined,
    )
    const agent = new Agent({ keepAlive: false })
    t.after(() => {
      agent.destroy()
    })
    const credentials = { email: 'events@example.com', password: 'correct horse battery staple' }
    assert.equal((await send(server.port, 'POST', '/v1/register', { agent, body: credentials })).status, 201)
    const login = await send(server.port, 'POST', '/v1/sessions', { agent, body: credentials })
    const token = (JSON.parse(login.body) as { data: { token: string } }).data.token

    // Each stream on a connection of its own: the primary hands them to the workers in turn.
    const streams: SseStream[] = []
    for (let i = 0; i < 4; i++) {
      const stream = await openStream(server.port, '/v1/events?topics=posts', {
        'x-request-id': `stream-${String(i)}`,
      })
      t.after(() => {
        stream.close()
      })
      assert.equal(stream.status, 200)
      streams.push(stream)
    }
    const pids = new Set(
      server
        .stdout()
        .split('\n')
        .filter(
          (line) => line.startsWith('{') && line.includes('"incoming request"') && line.includes('"stream-'),
        )
        .map((line) => (JSON.parse(line) as { pid: number }).pid),
    )
    assert.equal(pids.size, 2, 'the streams are held by both workers')

    for (let i = 0; i < 3; i++) {
      const created = await send(server.port, 'POST', '/v1/posts', {
        agent,
        headers: { authorization: `Bearer ${token}` },
        body: { title: `Across workers ${String(i)}` },
      })
      assert.equal(created.status, 201)
      const postId = (JSON.parse(created.body) as { data: { id: string } }).data.id
      for (const stream of streams) {
        const event = await stream.nextEvent<{ id: string }>(1000)
        assert.deepEqual([event.event, event.data.id], ['post.created', postId])
      }
    }
    for (const stream of streams) assert.equal(stream.untaken().length, 0)
  })
})
