import assert from 'node:assert/strict'
import type { AddressInfo } from 'node:net'
import { describe, it, type TestContext } from 'node:test'
import {
  createAuthStore,
  createQuire,
  type AuthStore,
  type Comment,
  type EventHandlers,
  type Quire,
  type QuireError,
  type QuireEvent,
  type QuireOptions,
} from '../../client/src/index.js'
import {
  buildTestApp,
  strongPassword,
  TEST_ENGINE,
  UNLIMITED_WRITES,
  uniqueEmail,
  until,
} from '../helpers.js'

// The client's live events (subscribe) against a live Quire over real sockets, including servers that
// stop and start again on the same port. The client does not depend on the engine: SQLite pass only.
const skip = TEST_ENGINE === 'postgres' ? 'the client is engine-independent (SQLite pass only)' : false

interface Server {
  baseUrl: string
  port: number
  databaseUrl: string
  stop: () => Promise<void>
}

/** A live Quire on `port` (0: any), on `database` (a stopped server's, to restart it) or a fresh one. */
async function startServer(t: TestContext, port = 0, database?: string): Promise<Server> {
  const { app, databaseUrl } = await buildTestApp(
    t,
    UNLIMITED_WRITES,
    database === undefined ? {} : { database },
  )
  await app.listen({ port, host: '127.0.0.1' })
  const bound = (app.server.address() as AddressInfo).port
  return {
    baseUrl: `http://127.0.0.1:${String(bound)}`,
    port: bound,
    databaseUrl,
    stop: () => app.close(),
  }
}

/** A client logged in as a new user. */
async function signedIn(baseUrl: string, name: string, options: Partial<QuireOptions> = {}): Promise<Quire> {
  const quire = createQuire({ baseUrl, ...options })
  const email = uniqueEmail(name)
  const password = strongPassword()
  await quire.register({ email, password, display_name: name })
  await quire.login({ email, password })
  return quire
}

/** An auth store holding `token`, as a client restored from storage would. */
function signedInAs(token: string): AuthStore {
  const store = createAuthStore()
  store.save(token)
  return store
}

/** A fetch that closes its connection after each answer. */
const withoutKeepAlive: typeof fetch = (input, init) => {
  const request = new Request(input, init)
  request.headers.set('connection', 'close')
  return fetch(request)
}

/** A fetch that holds back every events request after the first until `release()`: a reconnection on cue. */
function gatedFetch(): { fetch: typeof fetch; eventUrls: URL[]; release: () => void } {
  let release = (): void => undefined
  const gate = new Promise<void>((resolve) => {
    release = resolve
  })
  const eventUrls: URL[] = []
  return {
    eventUrls,
    release: () => {
      release()
    },
    async fetch(input, init) {
      const request = new Request(input, init)
      const url = new URL(request.url)
      if (url.pathname === '/v1/events') {
        eventUrls.push(url)
        if (eventUrls.length > 1) await gate
      }
      return fetch(request)
    },
  }
}

/** What a subscription's handlers saw, and the handlers that record it. */
interface Seen {
  events: QuireEvent[]
  comments: string[]
  resets: number
  opens: number
  errors: Array<{ error: QuireError; retrying: boolean }>
  handlers: EventHandlers
}

function watcher(): Seen {
  const seen: Seen = { events: [], comments: [], resets: 0, opens: 0, errors: [], handlers: {} }
  seen.handlers = {
    'comment.created': (comment) => seen.comments.push(comment.body),
    event: (event) => seen.events.push(event),
    reset: () => (seen.resets += 1),
    open: () => (seen.opens += 1),
    error: (error, retrying) => seen.errors.push({ error, retrying }),
  }
  return seen
}

describe('client: live events', { skip }, () => {
  it('receives a comment another user creates, typed and exactly as GET answers it', async (t) => {
    const server = await startServer(t)
    const alice = await signedIn(server.baseUrl, 'alice')
    const bob = await signedIn(server.baseUrl, 'bob')
    const post = await alice.posts.create({ title: 'Live', body: 'Say something', visibility: 'public' })

    const received: Comment[] = []
    const seen = watcher()
    const subscription = alice.subscribe([`posts/${post.id}`], {
      ...seen.handlers,
      'comment.created': (comment, event) => {
        assert.equal(event.type, 'comment.created')
        received.push(comment)
      },
    })
    t.after(() => {
      subscription.close()
    })
    await until('the stream to open', () => seen.opens === 1)

    const comment = await bob.comments.create(post, 'Hello, Alice')
    await until('the comment event', () => received.length === 1)
    assert.deepEqual(received[0], await alice.comments.get(comment.id))
    assert.equal(seen.events.length, 1)
    assert.equal(seen.events[0]?.type, 'comment.created')
    assert.equal(subscription.lastEventId, seen.events[0].id)
    assert.equal(seen.resets, 0)
    assert.deepEqual(seen.errors, [])
  })

  it('resumes after the server restarts on the same database with exactly the missed events, in order', async (t) => {
    const first = await startServer(t)
    const gate = gatedFetch()
    const alice = await signedIn(first.baseUrl, 'alice', { fetch: gate.fetch })
    // Bob's requests each take a connection of their own: one kept alive to the stopped server could
    // be taken again before its close has been read, and fail instead of reaching the second server.
    const bob = await signedIn(first.baseUrl, 'bob', { fetch: withoutKeepAlive })
    const post = await alice.posts.create({ title: 'Restart', body: 'Keep talking', visibility: 'public' })
    const seen = watcher()
    const subscription = alice.subscribe(`posts/${post.id}`, seen.handlers)
    t.after(() => {
      subscription.close()
    })
    await until('the stream to open', () => seen.opens === 1)
    await bob.comments.create(post, 'one')
    await until('the first comment', () => seen.comments.length === 1)
    const cursorBeforeRestart = subscription.lastEventId

    // The server goes away (its streams end cleanly); while it is down and the client's reconnection is
    // held back, the same database gets two comments through a new server on the same port.
    await first.stop()
    const second = await startServer(t, first.port, first.databaseUrl)
    await bob.comments.create(post, 'two')
    await bob.comments.create(post, 'three')
    await until('the client to reconnect', () => gate.eventUrls.length >= 2)
    gate.release()
    await until('the missed comments', () => seen.comments.length === 3)
    // A live one after the replay: anything sent twice would arrive before it.
    await bob.comments.create(post, 'four')
    await until('the live comment', () => seen.comments.length >= 4)

    assert.deepEqual(seen.comments, ['one', 'two', 'three', 'four'])
    assert.equal(gate.eventUrls[1]?.searchParams.get('last_event_id'), cursorBeforeRestart)
    assert.equal(seen.opens, 2)
    assert.equal(seen.resets, 0)
    const ids = seen.events.map((event) => Number(event.id))
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => a - b),
      'cursors increase',
    )
    assert.ok(second.port === first.port)
  })

  it('reports reset when the server no longer knows the cursor, then goes on live', async (t) => {
    const first = await startServer(t)
    const gate = gatedFetch()
    const reader = createQuire({ baseUrl: first.baseUrl, fetch: gate.fetch })
    // No connection kept alive to the stopped server (see Bob's above).
    const author = await signedIn(first.baseUrl, 'author', { fetch: withoutKeepAlive })
    const seen = watcher()
    const subscription = reader.subscribe('posts', seen.handlers)
    t.after(() => {
      subscription.close()
    })
    await until('the stream to open', () => seen.opens === 1)
    await author.posts.create({ title: 'Before', body: 'x', visibility: 'public' })
    await until('the first post', () => seen.events.length === 1)

    // Restarted on a new, empty database: the cursor the client resumes from does not exist there.
    await first.stop()
    const second = await startServer(t, first.port)
    gate.release()
    await until('the stream to reopen', () => seen.opens === 2)
    await until('the reset', () => seen.resets === 1)
    const newAuthor = await signedIn(second.baseUrl, 'author')
    await newAuthor.posts.create({ title: 'After', body: 'x', visibility: 'public' })
    await until('the post after the reset', () => seen.events.length === 2)
    assert.deepEqual(
      seen.events.map((event) => (event.type === 'post.created' ? event.data.title : event.type)),
      ['Before', 'After'],
    )
    assert.equal(seen.resets, 1)
    assert.equal(gate.eventUrls[1]?.searchParams.get('last_event_id'), seen.events[0]?.id)
  })

  it('resumes from the stream’s opening cursor when it dropped before any event: no reset, nothing missed', async (t) => {
    const first = await startServer(t)
    const gate = gatedFetch()
    // No connection kept alive to the stopped server (see Bob's above).
    const author = await signedIn(first.baseUrl, 'author', { fetch: withoutKeepAlive })
    const reader = createQuire({ baseUrl: first.baseUrl, fetch: gate.fetch })
    const seen = watcher()
    const subscription = reader.subscribe('posts', seen.handlers)
    t.after(() => {
      subscription.close()
    })
    await until('the stream to open', () => seen.opens === 1)
    // The opening `id:` line carries no event: the cursor comes from it alone.
    await until('the opening cursor', () => subscription.lastEventId !== undefined)
    const opening = subscription.lastEventId
    assert.equal(seen.events.length, 0)
    await first.stop()
    const second = await startServer(t, first.port, first.databaseUrl)
    const again = createQuire({ baseUrl: second.baseUrl, auth: signedInAs(author.token ?? '') })
    await again.posts.create({ title: 'While away', body: 'x', visibility: 'public' })
    gate.release()
    await until('the post committed while away', () => seen.events.length === 1)
    assert.equal(gate.eventUrls[1]?.searchParams.get('last_event_id'), opening)
    assert.equal(seen.resets, 0)
    const [event] = seen.events
    assert.equal(event?.type === 'post.created' ? event.data.title : event?.type, 'While away')
    assert.ok(Number(event?.id) > Number(opening))
  })

  it('ends for good on a refusal: 404 for a post it cannot see, 401 for me without a token or with a bad one', async (t) => {
    const server = await startServer(t)
    const alice = await signedIn(server.baseUrl, 'alice')
    const hidden = await alice.posts.create({ title: 'Mine', body: 'x', visibility: 'private' })
    const cases: Array<{ quire: Quire; topic: 'me' | `posts/${string}`; status: number }> = [
      { quire: createQuire({ baseUrl: server.baseUrl }), topic: `posts/${hidden.id}`, status: 404 },
      { quire: createQuire({ baseUrl: server.baseUrl }), topic: 'me', status: 401 },
      {
        quire: createQuire({ baseUrl: server.baseUrl, auth: signedInAs('not-a-token') }),
        topic: 'me',
        status: 401,
      },
    ]
    for (const { quire, topic, status } of cases) {
      const seen = watcher()
      const subscription = quire.subscribe(topic, seen.handlers)
      await until(`the ${topic} subscription to end`, () => subscription.closed)
      assert.equal(seen.errors.length, 1)
      assert.equal(seen.errors[0]?.error.status, status)
      assert.equal(seen.errors[0].retrying, false)
      assert.equal(seen.opens, 0)
    }
    // A refused token is forgotten, as every other call of the client does on a 401.
    assert.equal(cases[2]?.quire.token, undefined)
  })

  it('calls nothing once closed, while another subscription goes on receiving', async (t) => {
    const server = await startServer(t)
    const alice = await signedIn(server.baseUrl, 'alice')
    const post = await alice.posts.create({ title: 'Quiet', body: 'x', visibility: 'public' })
    const closing = watcher()
    const staying = watcher()
    const closed = alice.subscribe(`posts/${post.id}`, closing.handlers)
    const open = alice.subscribe(`posts/${post.id}`, staying.handlers)
    t.after(() => {
      open.close()
    })
    await until('both streams to open', () => closing.opens === 1 && staying.opens === 1)
    closed.close()
    assert.equal(closed.closed, true)
    await alice.comments.create(post, 'after close')
    await until('the comment on the open subscription', () => staying.comments.length === 1)
    assert.deepEqual(closing.events, [])
    assert.deepEqual(closing.errors, [])
  })
})
