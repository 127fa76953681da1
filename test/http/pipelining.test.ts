import assert from 'node:assert/strict'
import type { AddressInfo } from 'node:net'
import { connect } from 'node:net'
import { describe, it, type TestContext } from 'node:test'
import { setTimeout as delay } from 'node:timers/promises'
import type { FastifyInstance } from 'fastify'
import { buildTestApp, registerAndLogin, type TestApp } from '../helpers.js'

// Pipelined requests (several written on one connection before any answer) can only be sent over a
// real socket: inject() gives every request a socket of its own.

interface RawResponse {
  status: number
  headers: Record<string, string>
  body: string
}

/** Starts the real app on a free port; `beforeReady` may add test-only routes. */
async function listen(
  t: TestContext,
  beforeReady?: (app: FastifyInstance) => void,
): Promise<TestApp & { port: number }> {
  const testApp = await buildTestApp(t, {}, beforeReady ? { beforeReady } : {})
  await testApp.app.listen({ port: 0, host: '127.0.0.1' })
  return { ...testApp, port: (testApp.app.server.address() as AddressInfo).port }
}

/** One HTTP/1.1 request's text, with a JSON body when given. */
function request(method: string, path: string, headers: Record<string, string> = {}, body?: unknown): string {
  const payload = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body)
  const lines = [`${method} ${path} HTTP/1.1`, 'Host: localhost']
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`)
  if (body !== undefined) {
    lines.push('Content-Type: application/json', `Content-Length: ${Buffer.byteLength(payload)}`)
  }
  return `${lines.join('\r\n')}\r\n\r\n${payload}`
}

/** Parses as many complete responses (Content-Length or chunked) as `data` holds, in order. */
function parseResponses(data: Buffer): RawResponse[] {
  const responses: RawResponse[] = []
  let at = 0
  for (;;) {
    const headEnd = data.indexOf('\r\n\r\n', at)
    if (headEnd === -1) return responses
    const [statusLine = '', ...headerLines] = data.subarray(at, headEnd).toString('latin1').split('\r\n')
    const headers: Record<string, string> = {}
    for (const line of headerLines) {
      const colon = line.indexOf(':')
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
    }
    let bodyStart = headEnd + 4
    let body: Buffer
    if (headers['transfer-encoding'] === 'chunked') {
      const chunks: Buffer[] = []
      for (;;) {
        const sizeEnd = data.indexOf('\r\n', bodyStart)
        if (sizeEnd === -1) return responses
        const size = parseInt(data.subarray(bodyStart, sizeEnd).toString('latin1'), 16)
        if (data.length < sizeEnd + 2 + size + 2) return responses
        chunks.push(data.subarray(sizeEnd + 2, sizeEnd + 2 + size))
        bodyStart = sizeEnd + 2 + size + 2
        if (size === 0) break
      }
      body = Buffer.concat(chunks)
      at = bodyStart
    } else {
      const length = Number(headers['content-length'] ?? 0)
      if (data.length < bodyStart + length) return responses
      body = data.subarray(bodyStart, bodyStart + length)
      at = bodyStart + length
    }
    responses.push({ status: Number(statusLine.split(' ')[1]), headers, body: body.toString('utf8') })
  }
}

/** Writes `requests` in ONE write on a new connection and reads until `count` answers have come. */
function pipeline(port: number, requests: string[], count = requests.length): Promise<RawResponse[]> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    let received = Buffer.alloc(0)
    const timer = setTimeout(() => {
      socket.destroy()
      reject(new Error(`${parseResponses(received).length} of ${count} answers within 10 s`))
    }, 10_000)
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk])
      const responses = parseResponses(received)
      if (responses.length >= count) {
        clearTimeout(timer)
        socket.end()
        resolve(responses)
      }
    })
    socket.on('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    socket.on('close', () => {
      clearTimeout(timer)
      const statuses = parseResponses(received).map((response) => response.status)
      if (statuses.length < count)
        reject(new Error(`closed after ${statuses.join(', ')} of ${count} answers`))
    })
    socket.on('connect', () => socket.write(requests.join('')))
  })
}

function bearer(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}` }
}

describe('pipelined requests on one connection', () => {
  describe('happy', () => {
    it('a PATCH /v1/me followed by GET /v1/me in one write: the GET sees the new value', async (t) => {
      const { app, port } = await listen(t)
      const user = await registerAndLogin(app)
      for (let round = 0; round < 5; round++) {
        const name = `Renamed ${round}`
        const [patched, read] = await pipeline(port, [
          request('PATCH', '/v1/me', bearer(user.token), { display_name: name }),
          request('GET', '/v1/me', bearer(user.token)),
        ])
        assert.equal(patched?.status, 200, patched?.body)
        assert.equal(read?.status, 200, read?.body)
        const me = JSON.parse(read.body) as { data: { display_name: string } }
        assert.equal(me.data.display_name, name, `round ${round}`)
      }
    })

    it('safe requests after safe ones still run side by side', async (t) => {
      let release: () => void = () => undefined
      const released = new Promise<void>((resolve) => (release = resolve))
      const { port } = await listen(t, (app) => {
        // The first waits until the second has run: it answers only if both are at work at once.
        app.get('/test/wait', async () => {
          await released
          return { waited: true }
        })
        app.get('/test/release', async () => {
          release()
          return { released: true }
        })
      })
      const [waited, releasing] = await pipeline(port, [
        request('GET', '/test/wait'),
        request('GET', '/test/release'),
      ])
      assert.equal(waited?.status, 200)
      assert.equal(releasing?.status, 200)
    })
  })

  describe('errors', () => {
    it('an unsafe request that fails still lets the requests behind it go on', async (t) => {
      const { app, port } = await listen(t)
      const user = await registerAndLogin(app)
      const responses = await pipeline(port, [
        request('DELETE', '/v1/sessions/01890000-0000-7000-8000-000000000000', bearer(user.token)),
        request('GET', '/v1/me', bearer(user.token)),
        request('POST', '/v1/posts', bearer(user.token), { title: 42 }),
        request('GET', '/v1/me', bearer(user.token)),
        request('DELETE', '/v1/sessions/x'),
        request('GET', '/v1'),
        request('PUT', '/v1/no-such-route', {}, {}),
        request('GET', '/v1/me', bearer(user.token)),
      ])
      assert.deepEqual(
        responses.map((response) => response.status),
        [404, 200, 400, 200, 401, 200, 404, 200],
      )
    })

    it('a client gone after writing an unsafe request and more does not leave them waiting', async (t) => {
      let writeDone = false
      const { app, port } = await listen(t, (testApp) => {
        testApp.post('/test/slow-write', async () => {
          await delay(300)
          writeDone = true
          return { written: true }
        })
      })
      const user = await registerAndLogin(app)
      const socket = connect(port, '127.0.0.1')
      await new Promise<void>((resolve) => socket.on('connect', resolve))
      socket.write(
        request('POST', '/test/slow-write', {}, {}) +
          request('GET', '/v1/me', bearer(user.token)) +
          request('DELETE', `/v1/sessions/${user.sessionId}`, bearer(user.token)) +
          request('GET', '/v1/me', bearer(user.token)),
      )
      await delay(50)
      socket.destroy()
      const settled = await Promise.race([
        app.lifecycle.settled().then(() => 'settled'),
        delay(5_000).then(() => 'still waiting'),
      ])
      assert.equal(settled, 'settled', 'every request behind the slow one ran to its end')
      assert.ok(writeDone)
      const me = await app.inject({ method: 'GET', url: '/v1/me', headers: user.auth })
      assert.equal(me.statusCode, 401, 'the DELETE behind the slow write ran too')
    })
  })

  describe('security', () => {
    it('DELETE /v1/sessions/{self} then three GET /v1/me in one write: 204, 401, 401, 401', async (t) => {
      const { app, port } = await listen(t)
      for (let round = 0; round < 5; round++) {
        const user = await registerAndLogin(app)
        const responses = await pipeline(port, [
          request('DELETE', `/v1/sessions/${user.sessionId}`, bearer(user.token)),
          request('GET', '/v1/me', bearer(user.token)),
          request('GET', '/v1/me', bearer(user.token)),
          request('GET', '/v1/me', bearer(user.token)),
        ])
        assert.deepEqual(
          responses.map((response) => response.status),
          [204, 401, 401, 401],
          `round ${round}`,
        )
      }
    })
  })
})
