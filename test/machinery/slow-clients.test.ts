import assert from 'node:assert/strict'
import { connect, type AddressInfo, type Socket } from 'node:net'
import { describe, it, type TestContext } from 'node:test'
import { setTimeout as delay } from 'node:timers/promises'
import { buildTestApp, registerAndLogin, TEST_ENGINE } from '../helpers.js'

// Slow clients: a slowloris trickling its headers and a client trickling its body are cut off by the
// server's deadlines (HEADERS_TIMEOUT, REQUEST_TIMEOUT; short here so the test is), and hundreds of
// idle connections do not keep anyone else waiting.

const skip = TEST_ENGINE === 'postgres' ? 'socket handling does not depend on the database engine' : false
const HEADERS_TIMEOUT_MS = 600
const REQUEST_TIMEOUT_MS = 1_200

async function listen(t: TestContext) {
  const built = await buildTestApp(t, {
    HEADERS_TIMEOUT: `${HEADERS_TIMEOUT_MS}ms`,
    REQUEST_TIMEOUT: `${REQUEST_TIMEOUT_MS}ms`,
  })
  await built.app.listen({ port: 0, host: '127.0.0.1' })
  return { ...built, port: (built.app.server.address() as AddressInfo).port }
}

interface Trickle {
  /** What the server sent before it closed the connection. */
  received: string
  /** Milliseconds from connecting to the server closing the connection. */
  closedAfterMs: number
  /** Bytes the client managed to send before that. */
  sentBytes: number
}

/** Sends `head` at once, then `drip` one byte every `intervalMs` until the server hangs up (or 20 s). */
function trickle(port: number, head: string, drip: string, intervalMs: number): Promise<Trickle> {
  return new Promise((resolve, reject) => {
    const started = Date.now()
    const socket = connect(port, '127.0.0.1')
    const chunks: Buffer[] = []
    let sentBytes = 0
    let timer: NodeJS.Timeout | undefined
    const giveUp = setTimeout(() => {
      socket.destroy()
      reject(new Error('the server never cut the slow client off'))
    }, 20_000)
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('error', () => undefined) // a reset after the server's answer still leaves the answer
    socket.on('close', () => {
      clearInterval(timer)
      clearTimeout(giveUp)
      resolve({ received: Buffer.concat(chunks).toString(), closedAfterMs: Date.now() - started, sentBytes })
    })
    socket.on('connect', () => {
      socket.write(head)
      sentBytes += head.length
      let index = 0
      timer = setInterval(() => {
        if (socket.destroyed || socket.writableEnded) return
        socket.write(drip[index % drip.length] ?? 'x')
        sentBytes += 1
        index += 1
      }, intervalMs)
    })
  })
}

function assertTimedOut(result: Trickle, limitMs: number): void {
  assert.match(
    result.received,
    /^HTTP\/1\.1 408 /,
    `answer: ${JSON.stringify(result.received.slice(0, 200))}`,
  )
  const body = result.received.slice(result.received.indexOf('\r\n\r\n') + 4)
  assert.equal((JSON.parse(body) as { error: { code: string } }).error.code, 'REQUEST_TIMEOUT')
  // Node checks deadlines every tenth of the shorter one; allow for that and a busy machine.
  assert.ok(
    result.closedAfterMs >= limitMs * 0.9,
    `cut after ${result.closedAfterMs} ms, before the deadline`,
  )
  assert.ok(
    result.closedAfterMs < limitMs + 3_000,
    `cut after ${result.closedAfterMs} ms, far past ${limitMs} ms`,
  )
}

function openIdle(port: number, first: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(first)
      resolve(socket)
    })
    socket.on('error', reject)
    socket.resume() // read (and drop) whatever the server sends, so its hang-up is seen
  })
}

describe('slow clients', { skip }, () => {
  it('a slowloris trickling header lines is answered 408 and disconnected at HEADERS_TIMEOUT', async (t) => {
    const { port } = await listen(t)
    const result = await trickle(port, 'GET /v1 HTTP/1.1\r\nHost: quire.test\r\n', 'X-Slow: aaaaaaaa\r\n', 50)
    assertTimedOut(result, HEADERS_TIMEOUT_MS)
  })

  it('a body trickled a byte at a time is answered 408 and disconnected at REQUEST_TIMEOUT', async (t) => {
    const { app, port } = await listen(t)
    const user = await registerAndLogin(app)
    const head =
      'POST /v1/posts HTTP/1.1\r\nHost: quire.test\r\nContent-Type: application/json\r\n' +
      `Authorization: ${user.auth.authorization}\r\nContent-Length: 100000\r\n\r\n{"title":"`
    const result = await trickle(port, head, 'slow', 50)
    assertTimedOut(result, REQUEST_TIMEOUT_MS)
    assert.ok(result.sentBytes < head.length + 100, 'the body was far from complete')
  })

  it('an upload trickled as multipart is cut off the same way', async (t) => {
    const { app, port } = await listen(t)
    const user = await registerAndLogin(app)
    const post = await app.inject({
      method: 'POST',
      url: '/v1/posts',
      headers: user.auth,
      payload: { title: 'Uploads' },
    })
    const postId = (JSON.parse(post.body) as { data: { id: string } }).data.id
    const head =
      `POST /v1/posts/${postId}/attachments HTTP/1.1\r\nHost: quire.test\r\n` +
      `Authorization: ${user.auth.authorization}\r\nContent-Type: multipart/form-data; boundary=b\r\n` +
      'Content-Length: 100000\r\n\r\n--b\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\n'
    const result = await trickle(port, head, 'data', 50)
    assertTimedOut(result, REQUEST_TIMEOUT_MS)
  })

  it('hundreds of idle and half-open connections do not keep a normal request waiting', async (t) => {
    const { port } = await listen(t)
    const sockets = await Promise.all(
      Array.from({ length: 300 }, (_, index) =>
        // Half of them sent nothing at all, half stopped in the middle of their headers.
        openIdle(port, index % 2 === 0 ? '' : 'GET /v1 HTTP/1.1\r\nHost: quire.test\r\nX-Half: '),
      ),
    )
    t.after(() => {
      for (const socket of sockets) socket.destroy()
    })
    for (let round = 0; round < 5; round += 1) {
      const started = Date.now()
      const response = await fetch(`http://127.0.0.1:${port}/v1`)
      assert.equal(response.status, 200)
      await response.text()
      assert.ok(Date.now() - started < 1_000, `a request took ${Date.now() - started} ms beside idle sockets`)
      await delay(100)
    }
    // And the server sheds the half-open ones at its deadline instead of holding them for ever.
    await delay(REQUEST_TIMEOUT_MS + 1_500)
    const open = sockets.filter((socket) => !socket.readableEnded).length
    assert.equal(open, 0, `${open} of 300 idle sockets still open after the deadline`)
  })
})
