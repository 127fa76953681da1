import assert from 'node:assert/strict'
import type { AddressInfo } from 'node:net'
import { describe, it, type TestContext } from 'node:test'
import {
  createAuthStore,
  createQuire,
  etagOf,
  isQuireError,
  localStoragePersistence,
  type AuthState,
  type Post,
  type Quire,
  type StorageLike,
} from '../../client/src/index.js'
import { buildTestApp, strongPassword, TEST_ENGINE, uniqueEmail } from '../helpers.js'
import { rejectsWith } from './account-helpers.js'

// @quire/client against a live Quire over a real socket. The client does not depend on the engine,
// so these run in the SQLite pass only.
const skip = TEST_ENGINE === 'postgres' ? 'the client is engine-independent (SQLite pass only)' : false

/** A live Quire on an ephemeral port; closed when the test ends. */
async function liveServer(t: TestContext, env: Record<string, string> = {}): Promise<string> {
  const { app } = await buildTestApp(t, env)
  await app.listen({ port: 0, host: '127.0.0.1' })
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
}

/** A client logged in as a new user. */
async function signedIn(baseUrl: string): Promise<Quire> {
  const quire = createQuire({ baseUrl })
  const email = uniqueEmail('client')
  const password = strongPassword()
  await quire.register({ email, password, display_name: 'Client' })
  await quire.login({ email, password })
  return quire
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = []
  for await (const item of items) all.push(item)
  return all
}

/** Web Storage over a Map, standing in for a browser's localStorage. */
function mapStorage(): StorageLike & { entries: Map<string, string> } {
  const entries = new Map<string, string>()
  return {
    entries,
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => entries.set(key, value),
    removeItem: (key) => entries.delete(key),
  }
}

describe('client: accounts and sessions', { skip }, () => {
  it('registers, logs in, keeps and persists the token and user in the auth store, and logs out', async (t) => {
    const baseUrl = await liveServer(t)
    const storage = mapStorage()
    const auth = createAuthStore(localStoragePersistence('quire.auth', storage))
    const changes: Array<AuthState | undefined> = []
    auth.onChange((state) => changes.push(state))
    const quire = createQuire({ baseUrl, auth })
    assert.equal((await quire.health()).status, 'running')

    const email = uniqueEmail('client')
    const password = strongPassword()
    const user = await quire.register({ email, password, display_name: 'Ada' })
    assert.equal(user.email, email)
    assert.equal(quire.auth.token, undefined)

    const session = await quire.login({ email, password })
    assert.equal(quire.auth.token, session.token)
    assert.equal(quire.auth.user?.id, undefined)
    assert.equal((await quire.me.get()).id, user.id)
    assert.equal(quire.auth.user?.email, email)
    assert.deepEqual(
      changes.map((state) => state?.user?.id),
      [undefined, user.id],
    )

    // A second client on the same storage (the next visit) starts signed in as the same user.
    const restored = createQuire({
      baseUrl,
      auth: createAuthStore(localStoragePersistence('quire.auth', storage)),
    })
    assert.equal(restored.auth.token, session.token)
    assert.equal(restored.auth.user?.id, user.id)
    assert.equal((await restored.me.get()).email, email)

    await quire.logout()
    assert.equal(quire.auth.token, undefined)
    assert.equal(changes.at(-1), undefined)
    assert.equal(storage.entries.size, 0)
    // The server ended it: the restored client's token is refused, and its store forgets it.
    await rejectsWith(restored.me.get(), 401, 'UNAUTHENTICATED')
    assert.equal(restored.auth.token, undefined)
    assert.equal(restored.auth.user, undefined)
  })

  it('a wrong password at login answers 401 and keeps the session already signed in', async (t) => {
    const baseUrl = await liveServer(t)
    const email = uniqueEmail('client')
    const password = strongPassword()
    const quire = createQuire({ baseUrl })
    await quire.register({ email, password })
    const session = await quire.login({ email, password })
    await rejectsWith(quire.login({ email, password: `${password}!` }), 401, 'UNAUTHENTICATED')
    assert.equal(quire.auth.token, session.token)
    assert.equal((await quire.me.get()).email, email)
  })

  it('a store with an unreadable saved value starts signed out', () => {
    const storage = mapStorage()
    storage.setItem('quire.auth', 'a bare token from an older version')
    assert.equal(createAuthStore(localStoragePersistence('quire.auth', storage)).token, undefined)
    storage.setItem('quire.auth', JSON.stringify({ token: 42 }))
    assert.equal(createAuthStore(localStoragePersistence('quire.auth', storage)).token, undefined)
  })

  it('lists sessions with this one marked, revokes one and all others', async (t) => {
    const baseUrl = await liveServer(t)
    const email = uniqueEmail('client')
    const password = strongPassword()
    const first = createQuire({ baseUrl })
    await first.register({ email, password })
    await first.login({ email, password })
    const second = createQuire({ baseUrl })
    await second.login({ email, password })
    const third = createQuire({ baseUrl })
    await third.login({ email, password })

    const sessions = await collect(first.sessions.list())
    assert.equal(sessions.length, 3)
    assert.equal(sessions.filter((session) => session.current).length, 1)

    const secondId = (await collect(second.sessions.list())).find((session) => session.current)?.id
    assert.ok(secondId)
    await first.sessions.revoke(secondId)
    await rejectsWith(second.me.get(), 401, 'UNAUTHENTICATED')
    await rejectsWith(first.sessions.revoke(secondId), 404, 'NOT_FOUND')

    await first.sessions.revokeOthers()
    await rejectsWith(third.me.get(), 401, 'UNAUTHENTICATED')
    assert.equal((await collect(first.sessions.list())).length, 1)
  })

  it('updates the profile, changes the password and deletes the account', async (t) => {
    const baseUrl = await liveServer(t)
    const quire = createQuire({ baseUrl })
    const email = uniqueEmail('client')
    const password = strongPassword()
    await quire.register({ email, password })
    await quire.login({ email, password })

    const me = await quire.me.get()
    assert.ok(etagOf(me))
    const updated = await quire.me.update(
      { display_name: 'Grace', preferences: { theme: 'dark' } },
      { of: me },
    )
    assert.equal(updated.display_name, 'Grace')
    assert.deepEqual(updated.preferences, { theme: 'dark' })
    // The first read's ETag is stale now.
    await rejectsWith(quire.me.update({ display_name: 'Stale' }, { of: me }), 412, 'PRECONDITION_FAILED')

    const newPassword = strongPassword()
    const wrong = await rejectsWith(
      quire.me.changePassword('wrong password here', newPassword),
      422,
      'FIELDS_VALIDATION_ERROR',
    )
    assert.ok(wrong.fields['current_password'])
    await quire.me.changePassword(password, newPassword)
    await rejectsWith(createQuire({ baseUrl }).login({ email, password }), 401, 'UNAUTHENTICATED')

    await quire.me.delete(newPassword)
    assert.equal(quire.token, undefined)
    await rejectsWith(
      createQuire({ baseUrl }).login({ email, password: newPassword }),
      401,
      'UNAUTHENTICATED',
    )
  })

  it('turns the error envelope into a QuireError with its fields', async (t) => {
    const baseUrl = await liveServer(t)
    const quire = createQuire({ baseUrl })
    const error = await rejectsWith(
      quire.register({ email: 'not-an-email', password: 'short' }),
      422,
      'FIELDS_VALIDATION_ERROR',
    )
    assert.ok(error.fields['email'])
    assert.ok(error.fields['password'])
    assert.ok(error.requestId)
    assert.equal(error.operation, 'POST /v1/register')
    assert.equal(isQuireError(error, 'POST /v1/sessions'), false)
    // Narrowed to the operation, `fields` has the names its 422 can list, and no others.
    const caught: unknown = error
    assert.equal(isQuireError(caught, 'POST /v1/register'), true)
    if (isQuireError(caught, 'POST /v1/register')) {
      const { email, password } = caught.fields
      assert.ok(email !== undefined && password !== undefined)
      // @ts-expect-error -- `emial` is not a field of POST /v1/register
      assert.equal(caught.fields.emial, undefined)
    }
    assert.match(error.fields['password'] ?? '', /^Password must .*\.$/)

    const email = uniqueEmail('client')
    await quire.register({ email, password: strongPassword() })
    await rejectsWith(quire.register({ email, password: strongPassword() }), 409, 'EMAIL_ALREADY_EXISTS')
    await rejectsWith(quire.me.get(), 401, 'UNAUTHENTICATED')
  })

  it('reports an unreachable server as NETWORK_ERROR', async (t) => {
    const baseUrl = await liveServer(t)
    const { port } = new URL(baseUrl)
    // A port that was just free: nothing listens there.
    const quire = createQuire({ baseUrl: `http://127.0.0.1:${Number(port) === 1 ? 2 : 1}` })
    await rejectsWith(quire.health(), 0, 'NETWORK_ERROR')
  })
})

describe('client: content', { skip }, () => {
  it('creates, reads, updates with If-Match from the read, and deletes a post', async (t) => {
    const baseUrl = await liveServer(t)
    const quire = await signedIn(baseUrl)
    const other = await signedIn(baseUrl)

    const created = await quire.posts.create({ title: 'First', body: 'Hello', visibility: 'private' })
    const read = await quire.posts.get(created.id)
    assert.equal(read.title, 'First')
    assert.ok(etagOf(read))
    await rejectsWith(other.posts.get(created.id), 404, 'NOT_FOUND')

    const updated = await quire.posts.update(read, { title: 'First, edited', visibility: 'public' })
    assert.equal(updated.title, 'First, edited')
    assert.equal((await other.posts.get(created.id)).visibility, 'public')
    await rejectsWith(other.posts.update(created.id, { title: 'Not mine' }), 403, 'FORBIDDEN')

    // `read` carries the ETag from before the edit, so writing with it is refused...
    await rejectsWith(quire.posts.update(read, { title: 'Lost update' }), 412, 'PRECONDITION_FAILED')
    await rejectsWith(quire.posts.delete(read), 412, 'PRECONDITION_FAILED')
    // ...unless the caller opts out, or uses the fresh object.
    const forced = await quire.posts.update(read, { body: 'Forced' }, { ifMatch: false })
    assert.equal(forced.body, 'Forced')
    await quire.posts.delete(forced)
    await rejectsWith(quire.posts.get(created.id), 404, 'NOT_FOUND')
  })

  it('walks every post with for await, following next_page_token', async (t) => {
    const baseUrl = await liveServer(t)
    const quire = await signedIn(baseUrl)
    const titles: string[] = []
    for (let index = 0; index < 7; index += 1) {
      const title = `Post ${index}`
      titles.push(title)
      await quire.posts.create({ title, visibility: index % 2 === 0 ? 'public' : 'private' })
    }
    const seen: Post[] = []
    for await (const post of quire.posts.list({ limit: 3 })) seen.push(post)
    assert.deepEqual(
      seen.map((post) => post.title),
      [...titles].reverse(),
    )

    const firstPage = await quire.posts.list({ limit: 3 }).page()
    assert.equal(firstPage.items.length, 3)
    assert.ok(firstPage.nextPageToken)
    const secondPage = await quire.posts.list({ limit: 3 }).page(firstPage.nextPageToken)
    assert.equal(secondPage.items[0]?.title, 'Post 3')

    const mine = await collect(quire.me.posts({ limit: 2 }))
    assert.equal(mine.length, 7)
    const me = await quire.me.get()
    const anonymous = createQuire({ baseUrl })
    const publicOnes = await collect(anonymous.posts.list({ user: me.id, limit: 2 }))
    assert.deepEqual(
      publicOnes.map((post) => post.title),
      ['Post 6', 'Post 4', 'Post 2', 'Post 0'],
    )
    const lastPage = await anonymous.posts.list({ user: me.id, limit: 4 }).page()
    assert.equal(lastPage.nextPageToken, undefined)

    // `from` skips items before the first page; the pages after it follow the token.
    const skipped = await collect(quire.posts.list({ limit: 2, from: 3 }))
    assert.deepEqual(
      skipped.map((post) => post.title),
      ['Post 3', 'Post 2', 'Post 1', 'Post 0'],
    )
    const third = await quire.me.posts({ limit: 2, from: 4 }).page()
    assert.deepEqual(
      third.items.map((post) => post.title),
      ['Post 2', 'Post 1'],
    )
    assert.ok(third.nextPageToken)
    await rejectsWith(quire.posts.list({ from: -1 }).page(), 422, 'FIELDS_VALIDATION_ERROR')
  })

  it('uploads a File and a Blob, downloads, renames, selects the cover and deletes attachments', async (t) => {
    const baseUrl = await liveServer(t)
    const quire = await signedIn(baseUrl)
    const post = await quire.posts.create({ title: 'With files' })

    const pixel = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==',
      'base64',
    )
    const progress: number[] = []
    const image = await quire.attachments.upload(
      post,
      new File([pixel], 'pixel.png', { type: 'image/png' }),
      {
        onProgress: (sent) => progress.push(sent),
      },
    )
    assert.equal(image.filename, 'pixel.png')
    assert.equal(image.content_type, 'image/png')
    assert.equal(image.size, pixel.length)
    assert.deepEqual(progress, [pixel.length])

    const notes = await quire.attachments.upload(post, new Blob(['some notes'], { type: 'text/plain' }), {
      filename: 'notes.txt',
    })
    assert.equal(notes.filename, 'notes.txt')

    const listed = await collect(quire.attachments.list(post, { limit: 1 }))
    assert.deepEqual(
      listed.map((attachment) => attachment.filename),
      ['notes.txt', 'pixel.png'],
    )
    const fetched = await quire.attachments.get(post, image.id)
    assert.equal(fetched.sha256, image.sha256)

    const bytes = await quire.attachments.download(image)
    assert.equal(bytes.type, 'image/png')
    assert.deepEqual(Buffer.from(await bytes.arrayBuffer()), pixel)

    const renamed = await quire.attachments.rename(notes, 'renamed.txt')
    assert.equal(renamed.filename, 'renamed.txt')

    const withCover = await quire.attachments.selectAsCover(image)
    assert.equal(withCover.cover_attachment_id, image.id)

    const stranger = await signedIn(baseUrl)
    await rejectsWith(
      stranger.attachments.upload(post, new Blob(['x'], { type: 'text/plain' })),
      403,
      'FORBIDDEN',
    )
    await quire.attachments.delete(renamed)
    await rejectsWith(quire.attachments.get(post, notes.id), 404, 'NOT_FOUND')
  })

  it('gives content URLs: a public file loads as is, a private one with the token or through download', async (t) => {
    const baseUrl = await liveServer(t)
    const quire = await signedIn(baseUrl)
    const open = await quire.posts.create({ title: 'Open', visibility: 'public' })
    const closed = await quire.posts.create({ title: 'Closed', visibility: 'private' })
    const text = (post: Post) =>
      quire.attachments.upload(post, new Blob(['hello'], { type: 'text/plain' }), { filename: 'a.txt' })
    const openFile = await text(open)
    const closedFile = await text(closed)

    const openUrl = quire.attachments.contentUrl(openFile)
    assert.equal(openUrl, `${baseUrl}${openFile.links.content}`)
    assert.equal(await (await fetch(openUrl)).text(), 'hello')

    const closedUrl = quire.attachments.contentUrl(closedFile)
    assert.equal((await fetch(closedUrl)).status, 404)
    const withToken = quire.attachments.contentUrl(closedFile, { withToken: true })
    assert.equal(new URL(withToken).searchParams.get('access_token'), quire.auth.token)
    assert.equal(await (await fetch(withToken)).text(), 'hello')
    assert.equal(await (await quire.attachments.download(closedFile)).text(), 'hello')
    // Signed out, there is no token to add.
    assert.equal(createQuire({ baseUrl }).attachments.contentUrl(closedFile, { withToken: true }), closedUrl)
  })

  it('refuses an upload over the size limit with 413', async (t) => {
    const baseUrl = await liveServer(t, { ATTACHMENT_MAX_BYTES: '1024' })
    const quire = await signedIn(baseUrl)
    const post = await quire.posts.create({ title: 'Too big' })
    await rejectsWith(
      quire.attachments.upload(post, new Blob([new Uint8Array(4096)]), { filename: 'big.bin' }),
      413,
      'PAYLOAD_TOO_LARGE',
    )
  })

  it('comments on posts and on attachments, edits and deletes comments', async (t) => {
    const baseUrl = await liveServer(t)
    const author = await signedIn(baseUrl)
    const reader = await signedIn(baseUrl)
    const post = await author.posts.create({ title: 'Discuss' })
    const attachment = await author.attachments.upload(post, new Blob(['a'], { type: 'text/plain' }), {
      filename: 'a.txt',
    })

    const onPost = await reader.comments.create(post, 'Nice post')
    const onAttachment = await reader.comments.create(post, 'Nice file', { attachment })
    assert.equal(onPost.attachment_id, null)
    assert.equal(onAttachment.attachment_id, attachment.id)

    assert.deepEqual(
      (await collect(author.comments.list(post))).map((comment) => comment.body),
      ['Nice post'],
    )
    assert.deepEqual(
      (await collect(author.comments.list(post, { attachment: attachment.id }))).map((c) => c.body),
      ['Nice file'],
    )

    const read = await reader.comments.get(onPost.id)
    const edited = await reader.comments.update(read, { body: 'Very nice post' })
    assert.equal(edited.body, 'Very nice post')
    await rejectsWith(reader.comments.update(read, { body: 'stale' }), 412, 'PRECONDITION_FAILED')
    await rejectsWith(author.comments.update(onPost.id, { body: 'not mine' }), 403, 'FORBIDDEN')
    await rejectsWith(reader.comments.create(post, ''), 422, 'FIELDS_VALIDATION_ERROR')

    // The post's author may delete a reader's comment.
    await author.comments.delete(onAttachment.id)
    await reader.comments.delete(edited)
    assert.equal((await collect(author.comments.list(post))).length, 0)
  })
})
