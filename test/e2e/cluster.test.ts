import assert from 'node:assert/strict'
import { Agent } from 'node:http'
import { describe, it, type TestContext } from 'node:test'
import { freshDatabaseUrl, processAlive, TEST_ENGINE } from '../helpers.js'
import { ensureBuilt, send, startListening, waitUntil, type RunningServer } from './built-server.js'

// WORKERS=2 against the built server: one primary, two workers sharing the port, over real sockets.

interface LogLine {
  msg?: string
  pid?: number
  worker_pid?: number
  request_id?: string
}

function logLines(server: RunningServer): LogLine[] {
  return server
    .stdout()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine)
}

/** The pid of the worker that served each request id (from its "request completed" line). */
function servedBy(server: RunningServer): Map<string, number> {
  const map = new Map<string, number>()
  for (const line of logLines(server)) {
    if (line.msg === 'request completed' && line.request_id && line.pid) map.set(line.request_id, line.pid)
  }
  return map
}

function listeningWorkers(server: RunningServer): number[] {
  return logLines(server)
    .filter((line) => line.msg === 'worker listening' && line.worker_pid !== undefined)
    .map((line) => line.worker_pid ?? 0)
}

async function startCluster(t: TestContext): Promise<RunningServer> {
  await ensureBuilt(t)
  const env: Record<string, string> = { WORKERS: '2', LOG_LEVEL: 'info', AUTH_IP_LIMIT: '1000/1m' }
  if (TEST_ENGINE === 'postgres') env['DATABASE_URL'] = await freshDatabaseUrl(t)
  const server = await startListening(t, env)
  await waitUntil('both workers listening', () => (listeningWorkers(server).length >= 2 ? true : undefined))
  return server
}

describe('WORKERS: several server processes on one port', () => {
  it('requests spread over both workers, and what one writes the other reads', async (t) => {
    const server = await startCluster(t)
    // A new connection per request, so the primary's round-robin hands requests to both workers.
    const agent = new Agent({ keepAlive: false })
    t.after(() => {
      agent.destroy()
    })
    let counter = 0
    const call = async (method: string, path: string, body?: unknown, token?: string) => {
      const id = `cluster-${String(++counter)}`
      const answer = await send(server.port, method, path, {
        agent,
        headers: { 'x-request-id': id, ...(token ? { authorization: `Bearer ${token}` } : {}) },
        ...(body === undefined ? {} : { body }),
      })
      return {
        id,
        status: answer.status,
        body: JSON.parse(answer.body || 'null') as { data?: { id?: string; token?: string } },
      }
    }

    const credentials = { email: 'cluster@example.com', password: 'correct horse battery staple' }
    assert.equal((await call('POST', '/v1/register', credentials)).status, 201)
    const login = await call('POST', '/v1/sessions', credentials)
    const token = login.body.data?.token ?? ''

    const writes: Array<{ requestId: string; postId: string }> = []
    for (let i = 0; i < 12; i++) {
      const created = await call('POST', '/v1/posts', { title: `Post ${String(i)}` }, token)
      assert.equal(created.status, 201)
      writes.push({ requestId: created.id, postId: created.body.data?.id ?? '' })
    }
    const reads: Array<{ requestId: string; postId: string }> = []
    for (const write of writes) {
      for (let i = 0; i < 2; i++) {
        const read = await call('GET', `/v1/posts/${write.postId}`, undefined, token)
        assert.equal(read.status, 200, 'every post is visible from every worker at once')
        reads.push({ requestId: read.id, postId: write.postId })
      }
    }

    const pids = await waitUntil('every request logged', () => {
      const map = servedBy(server)
      return [...writes, ...reads].every((request) => map.has(request.requestId)) ? map : undefined
    })
    const workers = new Set(pids.values())
    assert.equal(workers.size, 2, 'two workers answered')
    const writer = new Map(writes.map((write) => [write.postId, pids.get(write.requestId)]))
    const crossReads = reads.filter((read) => pids.get(read.requestId) !== writer.get(read.postId))
    assert.ok(crossReads.length > 0, 'some posts were read by the worker that did not write them')
    const writers = new Set(writes.map((write) => pids.get(write.requestId)))
    assert.equal(writers.size, 2, 'both workers wrote')
  })

  it('a killed worker is logged and replaced; SIGTERM drains every worker and exits 0', async (t) => {
    const server = await startCluster(t)
    const [victim, survivor] = listeningWorkers(server)
    assert.ok(victim !== undefined && survivor !== undefined)
    process.kill(victim, 'SIGKILL')
    const died = await server.waitForLog(
      (line) => line['msg'] === 'worker died; starting a replacement' && line['worker_pid'] === victim,
    )
    assert.equal(died['signal'], 'SIGKILL')
    const replacement = await waitUntil('a replacement listening', () =>
      listeningWorkers(server).find((pid) => pid !== victim && pid !== survivor),
    )
    assert.ok(processAlive(replacement))

    const agent = new Agent({ keepAlive: false })
    t.after(() => {
      agent.destroy()
    })
    for (let i = 0; i < 6; i++) assert.equal((await send(server.port, 'GET', '/v1', { agent })).status, 200)

    server.child.kill('SIGTERM')
    const exit = await server.exited
    assert.deepEqual(exit, { code: 0, signal: null })
    assert.ok(logLines(server).some((line) => line.msg === 'shutdown complete'))
    await waitUntil('workers gone', () =>
      processAlive(survivor) || processAlive(replacement) ? undefined : true,
    )
  })
})
