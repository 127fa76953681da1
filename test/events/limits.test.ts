import assert from 'node:assert/strict'
import { connect } from 'node:net'
import { describe, it } from 'node:test'
import { setTimeout as delay } from 'node:timers/promises'
import { appendEvents } from '../../src/event-log/event-log.queries.js'
import { deleteSessionById } from '../../src/sessions/sessions.queries.js'
import { registerAndLogin } from '../helpers.js'
import { createPost, dataOf, type PostBody } from '../content-helpers.js'
import { listening, openStream, subscribe } from './stream-helpers.js'

const UNKNOWN_ID = '01900000-0000-7000-8000-000000000000'

/** The enveloped error of a refused stream. */
function refusal(stream: { status: number; body: string }): { code: string; message: string } {
  return (JSON.parse(stream.body) as { error: { code: string; message: string } }).error
}

describe('events: errors before the stream opens', () => {
  it('answers 400 for a malformed, unknown or excessive topic list, enveloped', async (t) => {
    const { port } = await listening(t)
    for (const topics of [
      'nope',
      'posts/not-a-uuid',
      'posts,users',
      '',
      Array.from(
        { length: 21 },
        (_, i) => `posts/01900000-0000-7000-8000-0000000000${String(i).padStart(2, '0')}`,
      ).join(','),
    ]) {
      const stream = await openStream(port, `/v1/events?topics=${encodeURIComponent(topics)}`)
      assert.equal(stream.status, 400, topics)
      assert.equal(refusal(stream).code, 'BAD_REQUEST')
    }
    const missing = await openStream(port, '/v1/events')
    assert.equal(missing.status, 400)
  })

  it('answers 404 for a post the caller cannot see, 401 for me without a token or with a bad one', async (t) => {
    const { app, port } = await listening(t)
    const author = await registerAndLogin(app, 'author')
    const other = await registerAndLogin(app, 'other')
    const secret = await createPost(app, author, { visibility: 'private' })
    for (const [path, user, status, code] of [
      [`posts/${secret.id}`, other, 404, 'NOT_FOUND'],
      [`posts/${secret.id}`, undefined, 404, 'NOT_FOUND'],
      [`posts/${UNKNOWN_ID}`, author, 404, 'NOT_FOUND'],
      ['me', undefined, 401, 'UNAUTHENTICATED'],
    ] as const) {
      const stream = await openStream(
        port,
        `/v1/events?topics=${path}`,
        user ? { authorization: `Bearer ${user.token}` } : {},
      )
      assert.equal(stream.status, status, path)
      assert.equal(refusal(stream).code, code)
    }
    const badToken = await openStream(port, '/v1/events?topics=posts', {
      authorization: `Bearer ${UNKNOWN_ID}`,
    })
    assert.equal(badToken.status, 401)
    const queryToken = await openStream(port, `/v1/events?topics=me&access_token=${author.token}`)
    assert.equal(queryToken.status, 200)
    queryToken.close()
  })
})

describe('events: limits', () => {
  it('refuses a user’s streams past EVENTS_STREAMS_PER_USER with 429 and frees a slot when one closes', async (t) => {
    const { app, port } = await listening(t, { EVENTS_STREAMS_PER_USER: '2' })
    const user = await registerAndLogin(app)
    const first = await subscribe(t, port, 'posts', user)
    await subscribe(t, port, 'me', user)
    const third = await subscribe(t, port, 'posts', user)
    assert.equal(third.status, 429)
    assert.equal(refusal(third).code, 'RATE_LIMITED')
    assert.ok(third.headers['retry-after'])
    // Anonymous callers count per address, apart from the user's slots.
    const anonymous = await subscribe(t, port, 'posts')
    assert.equal(anonymous.status, 200)

    first.close()
    const deadline = Date.now() + 5000
    let again = await subscribe(t, port, 'posts', user)
    while (again.status === 429 && Date.now() < deadline) {
      await delay(20)
      again = await subscribe(t, port, 'posts', user)
    }
    assert.equal(again.status, 200)
  })

  it('drops a client that stops reading once 1 MiB waits for it; a reading one gets every event', async (t) => {
    const { app, port, logs } = await listening(t)
    const author = await registerAndLogin(app)
    // A raw socket that sends the request and never reads its answer.
    const socket = connect(port, '127.0.0.1')
    await new Promise<void>((resolve) => socket.once('connect', resolve))
    socket.pause()
    socket.write(
      'GET /v1/events?topics=posts HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n\r\n',
    )
    let closed = false
    socket.once('close', () => (closed = true))
    socket.on('error', () => undefined)
    t.after(() => socket.destroy())
    let reader = await subscribe(t, port, 'posts')
    const received: string[] = []
    await delay(200)
    // Posts of 10 KB until the kernel's buffers and then 1 MiB of the server's fill up.
    const body = 'x'.repeat(10_000)
    const created: string[] = []
    const dropped = (): boolean =>
      logs().some((line) => line['msg'] === 'event stream dropped: its client is not reading')
    while (!dropped() && created.length < 3000) {
      created.push((await createPost(app, author, { title: `Big ${String(created.length)}`, body })).id)
    }
    assert.ok(dropped(), 'the stream was never dropped')
    socket.resume()
    socket.on('data', () => undefined)
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error('the stalled socket was not closed'))
      }, 5000)
      const check = (): void => {
        if (!closed) return
        clearTimeout(timer)
        resolve()
      }
      socket.once('close', check)
      check()
    })
    // The reading client gets every post once, in order; should a burst have outgrown the limit for
    // it too (it shares this process's time), it resumes from its last event as EventSource does.
    const deadline = Date.now() + 20_000
    while (received.length < created.length && Date.now() < deadline) {
      try {
        const event = await reader.nextEvent<PostBody>(1000)
        received.push(event.data.id)
      } catch {
        if (!reader.ended) continue
        reader = await subscribe(t, port, 'posts', undefined, { 'last-event-id': String(reader.lastId) })
      }
    }
    assert.deepEqual(received, created)
  })

  it('writes a reading client a read of more than 1 MiB of events at once, and keeps it', async (t) => {
    const { app, db, port, logs } = await listening(t)
    const author = await registerAndLogin(app)
    const stream = await subscribe(t, port, 'posts')
    await delay(200)
    // 150 events of 10 KB in one transaction: the hub reads them in one batch, 1.5 MiB for one write.
    const events = Array.from({ length: 150 }, (_, index) => ({
      type: 'post.created' as const,
      postId: null,
      ownerId: author.id,
      visibility: 'public' as const,
      data: { id: `big-${String(index)}`, body: 'x'.repeat(10_000) },
    }))
    await db.transaction().execute((trx) => appendEvents(trx, events))
    const received: string[] = []
    while (received.length < events.length) {
      received.push((await stream.nextEvent<{ id: string }>(5000)).data.id)
    }
    assert.deepEqual(
      received,
      events.map((event) => event.data.id),
    )
    assert.ok(!logs().some((line) => line['msg'] === 'event stream dropped: its client is not reading'))
    assert.equal(stream.ended, false)
  })
})

describe('events: the stream ends with its session', () => {
  it('ends within 5 s when the session is revoked', async (t) => {
    const { app, port } = await listening(t)
    const user = await registerAndLogin(app)
    const other = dataOf<{ token: string; id: string }>(
      await app.inject({
        method: 'POST',
        url: '/v1/sessions',
        payload: { email: user.email, password: user.password },
      }),
      201,
    )
    const stream = await subscribe(t, port, 'posts', user)
    const revoked = await app.inject({
      method: 'DELETE',
      url: `/v1/sessions/${user.sessionId}`,
      headers: { authorization: `Bearer ${other.token}` },
    })
    assert.equal(revoked.statusCode, 204)
    await stream.closed(5000)
  })

  it('ends within 5 s when the session goes without an event (expired, swept) or the account is deleted', async (t) => {
    const { app, db, port } = await listening(t)
    const user = await registerAndLogin(app, 'user')
    const doomed = await registerAndLogin(app, 'doomed')
    const stream = await subscribe(t, port, 'posts', user)
    const doomedStream = await subscribe(t, port, 'posts', doomed)
    await deleteSessionById(db, user.sessionId)
    const deleted = await app.inject({
      method: 'DELETE',
      url: '/v1/me',
      headers: doomed.auth,
      payload: { password: doomed.password },
    })
    assert.equal(deleted.statusCode, 204)
    await stream.closed(5000)
    await doomedStream.closed(5000)
  })

  it('keeps an anonymous stream and an active session’s stream open', async (t) => {
    const { app, port } = await listening(t, { EVENTS_HEARTBEAT: '200ms' })
    const user = await registerAndLogin(app)
    const stream = await subscribe(t, port, 'posts', user)
    const anonymous = await subscribe(t, port, 'posts')
    await delay(2500)
    assert.equal(stream.ended, false)
    assert.equal(anonymous.ended, false)
    assert.ok(stream.comments > 0)
  })
})

describe('events: timeouts and shutdown', () => {
  it('outlives REQUEST_TIMEOUT and HEADERS_TIMEOUT while its client reads', async (t) => {
    const { app, port } = await listening(t, {
      REQUEST_TIMEOUT: '1s',
      HEADERS_TIMEOUT: '1s',
      EVENTS_HEARTBEAT: '200ms',
    })
    const author = await registerAndLogin(app)
    const stream = await subscribe(t, port, 'posts')
    await delay(3000)
    assert.equal(stream.ended, false)
    const post = await createPost(app, author)
    assert.equal((await stream.nextEvent<PostBody>()).data.id, post.id)
  })

  it('ends every stream cleanly when draining begins (SIGTERM with SHUTDOWN_DRAIN), and new ones at once', async (t) => {
    const { app, port } = await listening(t)
    const stream = await subscribe(t, port, 'posts')
    app.lifecycle.draining = true
    await stream.closed(5000)
    assert.equal(stream.response.complete, true)
    const late = await subscribe(t, port, 'posts')
    assert.equal(late.status, 200)
    await late.closed(5000)
  })

  it('lets the app close with streams open', async (t) => {
    const { app, port } = await listening(t)
    const stream = await subscribe(t, port, 'posts')
    await app.close()
    await stream.closed(5000)
    assert.equal(stream.response.complete, true)
  })
})
