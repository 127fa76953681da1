import assert from 'node:assert/strict'
import type { AddressInfo } from 'node:net'
import { connect } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { describe, it, type TestContext } from 'node:test'
import { setTimeout as delay } from 'node:timers/promises'
import { buildTestApp, strongPassword, uniqueEmail } from '../helpers.js'

// Without the fix under test, close would wait out the 72 s keep-alive timeout; fail well before.
const HANG_GUARD = { timeout: 30_000 }

interface ParsedResponse {
  status: number
  headers: Record<string, string>
  body: string
}

/** Splits a byte stream holding consecutive HTTP/1.1 responses with Content-Length bodies. */
function parseResponses(stream: string): ParsedResponse[] {
  const responses: ParsedResponse[] = []
  let rest = stream
  while (rest.length > 0) {
    const headEnd = rest.indexOf('\r\n\r\n')
    if (headEnd === -1) throw new Error(`truncated response: ${JSON.stringify(rest)}`)
    const [statusLine = '', ...lines] = rest.slice(0, headEnd).split('\r\n')
    const headers: Record<string, string> = {}
    for (const line of lines) {
      const colon = line.indexOf(':')
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
    }
    const length = Number(headers['content-length'] ?? 0)
    const bodyStart = headEnd + 4
    responses.push({
      status: Number(statusLine.split(' ')[1]),
      headers,
      body: rest.slice(bodyStart, bodyStart + length),
    })
    rest = rest.slice(bodyStart + length)
  }
  return responses
}

/** Starts the app on a free port and opens a raw connection to it, collecting what it answers. */
async function listenAndConnect(t: TestContext) {
  const testApp = await buildTestApp(t)
  const { app } = testApp
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as AddressInfo
  const socket = connect(port, '127.0.0.1')
  const received: Buffer[] = []
  socket.on('data', (chunk: Buffer) => received.push(chunk))
  const socketClosed = new Promise((resolve) => socket.on('close', resolve))
  await new Promise((resolve) => socket.on('connect', resolve))
  const responses = (): ParsedResponse[] => parseResponses(Buffer.concat(received).toString('utf8'))
  return { ...testApp, socket, socketClosed, responses }
}

/** Starts closing the app and waits until it no longer accepts connections. */
async function startClosing(
  app: FastifyInstance,
): Promise<{ closing: Promise<void>; isClosed: () => boolean }> {
  let closed = false
  const closing = app.close().then(() => {
    closed = true
  })
  while (app.server.listening) await delay(5)
  return { closing, isClosed: () => closed }
}

describe('graceful close', () => {
  describe('happy', () => {
    it(
      'an in-flight request finishes, then the server ends its keep-alive connection itself',
      HANG_GUARD,
      async (t) => {
        const { app, logs, socket, socketClosed, responses } = await listenAndConnect(t)
        // Headers and half the body: the request is in flight when the app starts closing.
        const body = JSON.stringify({ email: uniqueEmail(), password: strongPassword() })
        socket.write(
          'POST /v1/register HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
            `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
        )
        while (!logs().some((line) => line['msg'] === 'incoming request')) await delay(10)

        const { closing, isClosed } = await startClosing(app)
        await delay(50)
        assert.equal(isClosed(), false, 'close waits for the in-flight request')
        socket.write(body.slice(10))
        // The client never ends the connection: the server must, or close would wait for the keep-alive timeout.
        await socketClosed
        await closing

        const [registered, ...others] = responses()
        assert.equal(others.length, 0)
        assert.equal(registered?.status, 201, registered?.body)
        assert.equal(registered.headers['connection'], 'close')
      },
    )

    it(
      'a request whose headers complete while draining is served normally, not a bare 503',
      HANG_GUARD,
      async (t) => {
        const { app, socket, socketClosed, responses } = await listenAndConnect(t)
        socket.write('GET /v1 HTTP/1.1\r\nHost: localhost\r\n')
        await delay(50)
        const { closing } = await startClosing(app)
        socket.write('\r\n')
        await socketClosed
        await closing

        const [health, ...others] = responses()
        assert.equal(others.length, 0)
        assert.equal(health?.status, 200, health?.body)
        assert.deepEqual(JSON.parse(health.body), { status: 'running', version: 'test-version' })
        assert.equal(health.headers['connection'], 'close')
        assert.ok(health.headers['x-request-id'])
      },
    )

    it('a request whose answer went through the onSend hooks twice (a later hook failed) still leaves the others counted', async (t) => {
      let release: () => void = () => undefined
      const held = new Promise<void>((resolve) => {
        release = resolve
      })
      const { app } = await buildTestApp(
        t,
        {},
        {
          beforeReady: (instance) => {
            instance.register(async (scope) => {
              let failed = false
              // Fails once: Fastify then answers the error, running every onSend hook again.
              scope.addHook('onSend', (_request, _reply, payload, done) => {
                if (failed) {
                  done(null, payload)
                  return
                }
                failed = true
                done(new Error('a failing onSend hook'))
              })
              scope.get('/test-only/failing-send', () => ({ ok: true }))
            })
            instance.get('/test-only/held', async () => {
              await held
              return { ok: true }
            })
          },
        },
      )
      assert.equal((await app.inject({ method: 'GET', url: '/test-only/failing-send' })).statusCode, 500)
      const inFlight = app.inject({ method: 'GET', url: '/test-only/held' })
      await delay(20)
      const settled = app.lifecycle.settled().then(() => 'settled')
      assert.equal(await Promise.race([settled, delay(100).then(() => 'waiting')]), 'waiting')
      release()
      assert.equal((await inFlight).statusCode, 200)
      assert.equal(await settled, 'settled')
    })
  })
})
