import assert from 'node:assert/strict'
import type { AddressInfo } from 'node:net'
import { connect } from 'node:net'
import { describe, it, type TestContext } from 'node:test'
import { setTimeout as delay } from 'node:timers/promises'
import { buildTestApp } from '../helpers.js'

// Failures Node itself detects before Fastify sees a request (oversized URL or headers, malformed
// HTTP) can only be observed over a real socket.

interface RawResponse {
  status: number
  headers: Record<string, string>
  body: string
}

/** Starts the real app on a free port and answers its port. */
async function listen(t: TestContext): Promise<number> {
  const { app } = await buildTestApp(t)
  await app.listen({ port: 0, host: '127.0.0.1' })
  return (app.server.address() as AddressInfo).port
}

/** Writes the given chunks (pausing between them so they arrive as separate packets) and reads until the server closes. */
function rawExchange(port: number, chunks: string[]): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    const received: Buffer[] = []
    socket.on('data', (chunk: Buffer) => received.push(chunk))
    let socketError: Error | undefined
    // A reset after the server answered and hung up still leaves its answer to read.
    socket.on('error', (error) => (socketError = error))
    socket.on('close', () => {
      const text = Buffer.concat(received).toString('utf8')
      const headEnd = text.indexOf('\r\n\r\n')
      if (headEnd === -1) {
        reject(socketError ?? new Error(`no HTTP response: ${JSON.stringify(text)}`))
        return
      }
      const [statusLine = '', ...headerLines] = text.slice(0, headEnd).split('\r\n')
      const headers: Record<string, string> = {}
      for (const line of headerLines) {
        const colon = line.indexOf(':')
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: text.slice(headEnd + 4) })
    })
    socket.on('connect', () => {
      void (async () => {
        for (const chunk of chunks) {
          if (socket.destroyed) return
          socket.write(chunk)
          await delay(30)
        }
      })()
    })
  })
}

function assertEnveloped(response: RawResponse, status: number, code: string): void {
  assert.equal(response.status, status, response.body)
  assert.match(response.headers['content-type'] ?? '', /^application\/json/)
  assert.match(response.headers['x-request-id'] ?? '', /^[A-Za-z0-9._-]{1,128}$/)
  const body = JSON.parse(response.body) as { error?: { code?: string; message?: string } }
  assert.deepEqual(Object.keys(body), ['error'])
  assert.equal(body.error?.code, code)
  assert.equal(typeof body.error.message, 'string')
}

describe('errors below Fastify, over a real socket', () => {
  describe('happy', () => {
    it('a well-formed request over the same raw client answers 200', async (t) => {
      const port = await listen(t)
      const response = await rawExchange(port, [
        'GET /v1 HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
      ])
      assert.equal(response.status, 200)
      assert.equal((JSON.parse(response.body) as { status: string }).status, 'running')
    })
  })

  describe('errors', () => {
    it('a URL longer than the limit answers 414 URI_TOO_LONG', async (t) => {
      const port = await listen(t)
      const url = `/v1/${'a'.repeat(10_000)}`
      assertEnveloped(
        await rawExchange(port, [`GET ${url} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`]),
        414,
        'URI_TOO_LONG',
      )
    })

    it('a URL longer than Node’s header limit answers 414 URI_TOO_LONG, not 431', async (t) => {
      const port = await listen(t)
      const url = `/v1/${'a'.repeat(20_000)}`
      assertEnveloped(
        await rawExchange(port, [`GET ${url} HTTP/1.1\r\nHost: localhost\r\n\r\n`]),
        414,
        'URI_TOO_LONG',
      )
      // The same URL arriving in two packets.
      assertEnveloped(
        await rawExchange(port, [
          `GET ${url.slice(0, 10_000)}`,
          `${url.slice(10_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
        ]),
        414,
        'URI_TOO_LONG',
      )
    })

    it('a HEAD whose URL is longer than Node’s header limit answers 414 with no body', async (t) => {
      const port = await listen(t)
      const response = await rawExchange(port, [`HEAD /v1/${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`])
      assert.equal(response.status, 414)
      assert.equal(response.body, '')
    })

    it('headers larger than Node’s limit answer 431 HEADERS_TOO_LARGE', async (t) => {
      const port = await listen(t)
      const big = 'b'.repeat(20_000)
      assertEnveloped(
        await rawExchange(port, [`GET /v1 HTTP/1.1\r\nHost: localhost\r\nX-Big: ${big}\r\n\r\n`]),
        431,
        'HEADERS_TOO_LARGE',
      )
      // The same header arriving in two packets.
      assertEnveloped(
        await rawExchange(port, [
          `GET /v1 HTTP/1.1\r\nHost: localhost\r\nX-Big: ${big.slice(0, 10_000)}`,
          `${big.slice(10_000)}\r\n\r\n`,
        ]),
        431,
        'HEADERS_TOO_LARGE',
      )
    })

    it('garbage instead of HTTP answers 400 BAD_REQUEST', async (t) => {
      const port = await listen(t)
      assertEnveloped(await rawExchange(port, ['HELLO THERE\r\n\r\n']), 400, 'BAD_REQUEST')
      assertEnveloped(
        await rawExchange(port, ['GET /v1 HTTP/1.1\r\nHost: localhost\r\nContent-Length: abc\r\n\r\n']),
        400,
        'BAD_REQUEST',
      )
      assertEnveloped(await rawExchange(port, ['GET /v1 HTTP/9.9\r\n\r\n']), 400, 'BAD_REQUEST')
    })
  })

  describe('security', () => {
    it('the server bounds how long a slow client may hold a socket', async (t) => {
      const { app } = await buildTestApp(t)
      const { server } = app
      const bounded = (ms: number): boolean => Number.isFinite(ms) && ms > 0 && ms <= 5 * 60_000
      assert.ok(bounded(server.headersTimeout), `headersTimeout ${server.headersTimeout}`)
      assert.ok(bounded(server.requestTimeout), `requestTimeout ${server.requestTimeout}`)
      assert.ok(bounded(server.keepAliveTimeout), `keepAliveTimeout ${server.keepAliveTimeout}`)
      // No per-socket idle timer (server.timeout): a client that stops reading its answer is closed by
      // http/stalled-responses.ts instead (slow-clients.test.ts).
      assert.ok(
        server.headersTimeout <= server.requestTimeout,
        'headers must arrive before the whole request',
      )
    })
  })
})
