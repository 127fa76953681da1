import assert from 'node:assert/strict'
import { connect, type AddressInfo, type Socket } from 'node:net'
import { describe, it, type TestContext } from 'node:test'
import { setTimeout as delay } from 'node:timers/promises'
import { createAttachment, createPost } from '../content-helpers.js'
import { buildTestApp, registerAndLogin, TEST_ENGINE } from '../helpers.js'

// Slow clients: a slowloris trickling its headers, a client trickling its body and one that stops
// reading its answer are cut off by the server's deadlines (HEADERS_TIMEOUT, REQUEST_TIMEOUT; short
// here so the test is), and hundreds of idle connections do not keep anyone else waiting.

const skip = TEST_ENGINE === 'postgres' ? 'socket handling does not depend on the database engine' : false
const HEADERS_TIMEOUT_MS = 600
const REQUEST_TIMEOUT_MS = 1_200

async function listen(t: TestContext, env: Record<string, string> = {}) {
  const built = await buildTestApp(t, {
    HEADERS_TIMEOUT: `${HEADERS_TIMEOUT_MS}ms`,
    REQUEST_TIMEOUT: `${REQUEST_TIMEOUT_MS}ms`,
    ...env,
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

/** Bigger than what the loopback's socket buffers take from a client that reads nothing (about 4 MiB). */
const LARGE_FILE_BYTES = 16 * 1024 * 1024

/**
 * Sends `request` and then reads its answer, `bytesPerTick` every 20 ms (0: never), for `forMs`.
 * Resolves with the bytes it read and the connection's port on this side.
 */
function readAnswer(
  port: number,
  request: string,
  bytesPerTick: number,
  forMs: number,
): Promise<{ localPort: number; receivedBytes: number }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    let receivedBytes = 0
    let ticker: NodeJS.Timeout | undefined
    socket.on('error', () => undefined) // the server's reset of a connection with unread bytes
    // Paused: nothing is read (not even into this process's buffers) but what each tick takes.
    socket.pause()
    socket.on('connect', () => {
      const localPort = socket.localPort ?? 0
      socket.write(request)
      setTimeout(() => {
        clearInterval(ticker)
        socket.destroy()
        resolve({ localPort, receivedBytes })
      }, forMs)
      if (bytesPerTick === 0) return
      ticker = setInterval(() => {
        let taken = 0
        for (let chunk: Buffer | null = socket.read() as Buffer | null; chunk !== null;) {
          taken += chunk.length
          if (taken >= bytesPerTick) break
          chunk = socket.read() as Buffer | null
        }
        receivedBytes += taken
      }, 20)
    })
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

  it('a client that stops reading its answer is disconnected at REQUEST_TIMEOUT; a slow reader is not', async (t) => {
    const { app, port } = await listen(t, { ATTACHMENT_MAX_BYTES: String(2 * LARGE_FILE_BYTES) })
    const user = await registerAndLogin(app)
    const post = await createPost(app, user)
    const file = await createAttachment(app, user, post.id, Buffer.alloc(LARGE_FILE_BYTES, 7), 'large.bin')
    const request =
      `GET ${file.links.content} HTTP/1.1\r\nHost: quire.test\r\n` +
      `Authorization: ${user.auth.authorization}\r\n\r\n`
    // When the server closes each connection, seen from its side: a client reading nothing would
    // not notice a reset until it read.
    const closedAt = new Map<number, number>()
    app.server.on('connection', (socket: Socket) => {
      const remotePort = socket.remotePort ?? 0
      socket.once('close', () => closedAt.set(remotePort, Date.now()))
    })
    const started = Date.now()
    const [stalled, slow] = await Promise.all([
      readAnswer(port, request, 0, REQUEST_TIMEOUT_MS + 4_000),
      // About 4 MiB a second: the whole file takes longer than REQUEST_TIMEOUT, but it moves (the
      // server sees it move each time the kernel takes more: after a megabyte or two here).
      readAnswer(port, request, 80 * 1024, REQUEST_TIMEOUT_MS * 2 + 500),
    ])
    const stalledClosed = closedAt.get(stalled.localPort)
    assert.ok(stalledClosed !== undefined, 'the stalled reader was never disconnected')
    const afterMs = stalledClosed - started
    assert.ok(
      afterMs >= REQUEST_TIMEOUT_MS * 0.9 && afterMs < REQUEST_TIMEOUT_MS + 3_000,
      `disconnected after ${afterMs} ms`,
    )
    const slowClosed = closedAt.get(slow.localPort)
    // The slow reader's connection closes when it leaves, not before (a little slack for that close).
    assert.ok(
      slowClosed === undefined || slowClosed - started >= REQUEST_TIMEOUT_MS * 2 + 400,
      `the slow reader was cut off after ${slow.receivedBytes} bytes, ${String(slowClosed === undefined ? NaN : slowClosed - started)} ms`,
    )
    assert.ok(slow.receivedBytes > 2 * 1024 * 1024, `the slow reader got ${slow.receivedBytes} bytes`)
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
