import assert from 'node:assert/strict'
import type { AddressInfo } from 'node:net'
import { connect } from 'node:net'
import { describe, it } from 'node:test'
import { setTimeout as delay } from 'node:timers/promises'
import { buildTestApp, strongPassword, uniqueEmail } from '../helpers.js'

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

describe('graceful close', () => {
  describe('happy', () => {
    it('an in-flight request finishes, and a request arriving on its connection while draining is served and closes it', async (t) => {
      const { app, logs } = await buildTestApp(t)
      await app.listen({ port: 0, host: '127.0.0.1' })
      const { port } = app.server.address() as AddressInfo

      const socket = connect(port, '127.0.0.1')
      const received: Buffer[] = []
      socket.on('data', (chunk: Buffer) => received.push(chunk))
      const socketClosed = new Promise((resolve) => socket.on('close', resolve))
      await new Promise((resolve) => socket.on('connect', resolve))

      // Headers and half the body: the request is in flight when the app starts closing.
      const body = JSON.stringify({ email: uniqueEmail(), password: strongPassword() })
      socket.write(
        'POST /v1/register HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
          `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
      )
      while (!logs().some((line) => line['msg'] === 'incoming request')) await delay(10)
      let closed = false
      const closing = app.close().then(() => {
        closed = true
      })
      await delay(100)
      assert.equal(closed, false, 'close waits for the in-flight request')

      socket.write(`${body.slice(10)}GET /v1 HTTP/1.1\r\nHost: localhost\r\n\r\n`)
      await socketClosed
      await closing

      const [registered, health, ...others] = parseResponses(Buffer.concat(received).toString('utf8'))
      assert.equal(others.length, 0)
      assert.equal(registered?.status, 201, registered?.body)
      assert.equal(health?.status, 200, health?.body)
      assert.deepEqual(JSON.parse(health.body), { status: 'running', version: 'test-version' })
      assert.equal(health.headers['connection'], 'close')
      assert.ok(health.headers['x-request-id'])
    })
  })
})
