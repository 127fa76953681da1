import assert from 'node:assert/strict'
import { describe, it, type TestContext } from 'node:test'
import { setTimeout as delay, setImmediate as nextTurn } from 'node:timers/promises'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { sql } from 'kysely'
import pg from 'pg'
import type { Db } from '../../src/db/database.js'
import {
  buildTestApp,
  json,
  registerAndLogin,
  TEST_ENGINE,
  UNLIMITED_WRITES,
  type TestApp,
  type TestUser,
} from '../helpers.js'
import {
  createAttachment,
  createComment,
  createPost,
  dataOf,
  errorOf,
  storage,
  upload,
  type AttachmentBody,
  type ErrorBody,
  type PostBody,
} from '../content-helpers.js'
import { listening, subscribe } from '../events/stream-helpers.js'

// Requests racing the deletion of what they touch (a post, an attachment, the whole account) must each
// answer a clear status (never a 500: on PostgreSQL a deadlock between two transactions, 40P01, would
// be one), and leave the database as if they had run one after the other: nothing of a deleted post
// or file left behind, a cover that names a file of its post, and the author's storage count equal to
// what is stored. Races are probabilistic, so each test runs several rounds, moving the deletion to
// another place in the volley each time; the last test pins one race on PostgreSQL instead.

const ROUNDS = 8

/** One request of a volley, and the statuses it may answer. */
interface RacingRequest {
  name: string
  allowed: readonly number[]
  send: () => Promise<LightMyRequestResponse>
}

/** Every answer of a race, beside the name of the request that got it. */
type Answers = Array<{ name: string; answer: LightMyRequestResponse }>

/** What the server logged about its failures: for a 500, its cause (PostgreSQL's 40P01 for a deadlock). */
function serverErrors(logs: TestApp['logs']): string {
  const failures = logs().filter((line) => Number(line['level']) >= 50)
  return JSON.stringify(
    failures.map((line) => {
      const { message, code, detail, where } = (line['err'] ?? {}) as Record<string, unknown>
      return { message, code, detail, where }
    }),
  )
}

/**
 * Sends every request at once, the deleting ones (`deletions`) started at a place in the list that
 * moves with `round`, so each round interleaves differently; each of the other requests is sent again
 * as soon as it answers, for as long as a deletion is running (an account's first checks the
 * password), so the deletion meets them at every step. Then checks that each answer is one its request
 * may give, with the error envelope when it is an error.
 */
async function race(
  logs: TestApp['logs'],
  round: number,
  deletions: RacingRequest[],
  others: RacingRequest[],
): Promise<Answers> {
  const answers: Answers = []
  let deleting = true
  const stillDeleting = (): boolean => deleting
  const sendOnce = async (request: RacingRequest): Promise<void> => {
    answers.push({ name: request.name, answer: await request.send() })
  }
  const sendWhileDeleting = async (request: RacingRequest): Promise<void> => {
    do {
      await sendOnce(request)
      // A turn of the event loop between sends: on SQLite a request can run from start to end in
      // promise callbacks alone, and the loops would then starve the password check's callback.
      await nextTurn()
    } while (stillDeleting())
  }
  const at = Math.floor((round / ROUNDS) * (others.length + 1))
  const before = others.slice(0, at).map(sendWhileDeleting)
  const deleted = Promise.all(deletions.map(sendOnce)).finally(() => {
    deleting = false
  })
  const after = others.slice(at).map(sendWhileDeleting)
  await Promise.all([...before, deleted, ...after])

  const allowed = new Map([...deletions, ...others].map((request) => [request.name, request.allowed]))
  for (const { name, answer } of answers) {
    const where = `round ${round}, ${name}: ${answer.statusCode} ${answer.body}`
    if (!allowed.get(name)?.includes(answer.statusCode)) {
      assert.fail(`${where}\nserver errors: ${serverErrors(logs)}`)
    }
    if (answer.statusCode >= 400) {
      const error = json<ErrorBody>(answer).error
      assert.equal(typeof error.code, 'string', where)
      assert.equal(typeof error.message, 'string', where)
    }
  }
  return answers
}

/** The statuses the requests named `name` answered. */
function statusesOf(answers: Answers, name: string): number[] {
  return answers.filter((entry) => entry.name === name).map(({ answer }) => answer.statusCode)
}

/** A JSON request as `user` (or anonymous). */
function send(
  app: FastifyInstance,
  user: TestUser | undefined,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  options: { payload?: Record<string, unknown>; headers?: Record<string, string> } = {},
): () => Promise<LightMyRequestResponse> {
  return () =>
    app.inject({
      method,
      url,
      headers: { ...(user?.auth ?? {}), ...(options.headers ?? {}) },
      ...(options.payload === undefined ? {} : { payload: options.payload }),
    })
}

/** How many rows a query counted. */
async function countOf(query: Promise<{ count: number | string | bigint }>): Promise<number> {
  return Number((await query).count)
}

/** How many rows of `child` name in `column` a row of `parent` that does not exist. */
function withoutParent(db: Db, child: string, column: string, parent: string): Promise<number> {
  return countOf(
    sql<{ count: number | string | bigint }>`select count(*) as count from ${sql.table(child)} c
      left join ${sql.table(parent)} p on p.id = c.${sql.ref(column)} where p.id is null`
      .execute(db)
      .then((result) => result.rows[0] ?? { count: 0 }),
  )
}

/**
 * Checks the whole database is consistent: no row names a parent that is gone, a comment on a file
 * names that file's post, every file's chunks hold exactly its size, every cover is a file of its
 * post, and each remaining user's storage count equals the bytes their files take.
 */
async function assertConsistent(db: Db, context: string): Promise<void> {
  const orphans = {
    'posts without their user': await withoutParent(db, 'posts', 'user_id', 'users'),
    'attachments without their post': await withoutParent(db, 'attachments', 'post_id', 'posts'),
    'chunks without their attachment': await withoutParent(
      db,
      'attachment_chunks',
      'attachment_id',
      'attachments',
    ),
    'comments without their post': await withoutParent(db, 'comments', 'post_id', 'posts'),
    'comments without their author': await withoutParent(db, 'comments', 'user_id', 'users'),
    'comments on a file that is gone or of another post': await countOf(
      db
        .selectFrom('comments')
        .leftJoin('attachments', 'attachments.id', 'comments.attachment_id')
        .where('comments.attachment_id', 'is not', null)
        .where((eb) =>
          eb.or([
            eb('attachments.id', 'is', null),
            eb('attachments.post_id', '!=', eb.ref('comments.post_id')),
          ]),
        )
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow(),
    ),
    'covers that are not a file of their post': await countOf(
      db
        .selectFrom('posts')
        .leftJoin('attachments', (join) =>
          join
            .onRef('attachments.id', '=', 'posts.cover_attachment_id')
            .onRef('attachments.post_id', '=', 'posts.id'),
        )
        .where('posts.cover_attachment_id', 'is not', null)
        .where('attachments.id', 'is', null)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow(),
    ),
    'sessions without their user': await withoutParent(db, 'sessions', 'user_id', 'users'),
  }
  assert.deepEqual(
    orphans,
    Object.fromEntries(Object.keys(orphans).map((name) => [name, 0])),
    `${context}: no orphan rows`,
  )

  const attachments = await db.selectFrom('attachments').select(['id', 'size']).execute()
  const chunks = await db.selectFrom('attachment_chunks').select(['attachment_id', 'bytes']).execute()
  for (const attachment of attachments) {
    const held = chunks
      .filter((chunk) => chunk.attachment_id === attachment.id)
      .reduce((total, chunk) => total + chunk.bytes.length, 0)
    assert.equal(held, attachment.size, `${context}: attachment ${attachment.id} is stored whole`)
  }

  for (const user of await db.selectFrom('users').select('id').execute()) {
    const { counted, stored } = await storage(db, user.id)
    assert.equal(counted, stored, `${context}: storage count of user ${user.id}`)
  }
}

/**
 * Asserts the row `id` of `table` is gone. Nothing that named it may be left either (files, bytes,
 * comments, sessions): assertConsistent finds any such row as an orphan.
 */
async function assertGone(db: Db, table: 'posts' | 'attachments' | 'users', id: string, context: string) {
  const rows = await db.selectFrom(table).select('id').where('id', '=', id).execute()
  assert.deepEqual(rows, [], `${context}: ${table} ${id} is gone`)
}

/** A public post by `author` with two files, and comments by both users on the post and its first file. */
async function postWithFiles(
  app: FastifyInstance,
  author: TestUser,
  reader: TestUser,
): Promise<{ post: PostBody; first: AttachmentBody; second: AttachmentBody; readerCommentId: string }> {
  const post = await createPost(app, author)
  const first = await createAttachment(
    app,
    author,
    post.id,
    'first file, long enough for a range',
    'first.png',
    'image/png',
  )
  const second = await createAttachment(app, author, post.id, 'second file', 'second.txt')
  const readerComment = await createComment(app, reader, post.id)
  await createComment(app, author, post.id, first.id)
  await createComment(app, reader, post.id, first.id)
  return { post, first, second, readerCommentId: readerComment.id }
}

/**
 * The requests that race a deletion, on `post` and its file `first`: reads, changes with and without
 * If-Match, comments, downloads (whole and a range), cover selection, rename, upload, and deleting a
 * comment. `gone` lists what else the deletion may answer (401 once the account is gone).
 */
function requestsOn(
  app: FastifyInstance,
  author: TestUser,
  reader: TestUser,
  fixture: { post: PostBody; first: AttachmentBody; readerCommentId: string },
  gone: readonly number[],
): RacingRequest[] {
  const { post, first } = fixture
  const postUrl = `/v1/posts/${post.id}`
  const fileUrl = `${postUrl}/attachments/${first.id}`
  const ifMatch = { 'if-match': '"v1"' }
  const text = { title: 'Changed', body: 'Changed body', visibility: 'public' }
  return [
    { name: 'GET post', allowed: [200, 404], send: send(app, reader, 'GET', postUrl) },
    {
      name: 'PATCH post',
      allowed: [200, 404, ...gone],
      send: send(app, author, 'PATCH', postUrl, { payload: { title: 'Patched' } }),
    },
    {
      name: 'PATCH post If-Match',
      allowed: [200, 404, 412, ...gone],
      send: send(app, author, 'PATCH', postUrl, { payload: { body: 'Patched body' }, headers: ifMatch }),
    },
    {
      name: 'PUT post If-Match',
      allowed: [200, 404, 412, ...gone],
      send: send(app, author, 'PUT', postUrl, { payload: text, headers: ifMatch }),
    },
    {
      name: 'PUT post',
      allowed: [200, 404, ...gone],
      send: send(app, author, 'PUT', postUrl, { payload: text }),
    },
    {
      name: 'comment on post (reader)',
      allowed: [201, 404],
      send: send(app, reader, 'POST', `${postUrl}/comments`, { payload: { body: 'Racing' } }),
    },
    {
      name: 'comment on post (author)',
      allowed: [201, 404, ...gone],
      send: send(app, author, 'POST', `${postUrl}/comments`, { payload: { body: 'Racing' } }),
    },
    {
      name: 'comment on file (author)',
      allowed: [201, 404, ...gone],
      send: send(app, author, 'POST', `${fileUrl}/comments`, { payload: { body: 'Racing' } }),
    },
    {
      name: 'comment on file (reader)',
      allowed: [201, 404],
      send: send(app, reader, 'POST', `${fileUrl}/comments`, { payload: { body: 'Racing' } }),
    },
    {
      name: 'list post comments',
      allowed: [200, 404],
      send: send(app, reader, 'GET', `${postUrl}/comments`),
    },
    {
      name: 'list file comments',
      allowed: [200, 404],
      send: send(app, reader, 'GET', `${fileUrl}/comments`),
    },
    { name: 'list files', allowed: [200, 404], send: send(app, reader, 'GET', `${postUrl}/attachments`) },
    { name: 'GET file', allowed: [200, 404], send: send(app, reader, 'GET', fileUrl) },
    { name: 'download', allowed: [200, 404], send: send(app, reader, 'GET', `${fileUrl}/content`) },
    {
      name: 'download range',
      allowed: [206, 404],
      send: send(app, reader, 'GET', `${fileUrl}/content`, { headers: { range: 'bytes=2-9' } }),
    },
    {
      name: 'select cover',
      allowed: [200, 404, ...gone],
      send: send(app, author, 'POST', `${fileUrl}/select`),
    },
    {
      name: 'rename file',
      allowed: [200, 404, ...gone],
      send: send(app, author, 'PATCH', `/v1/attachments/${first.id}`, {
        payload: { filename: 'renamed.txt' },
      }),
    },
    { name: 'upload', allowed: [201, 404, ...gone], send: () => upload(app, author, post.id, 300) },
    {
      name: 'delete reader comment',
      allowed: [204, 404],
      send: send(app, reader, 'DELETE', `/v1/comments/${fixture.readerCommentId}`),
    },
  ]
}

describe('deletion racing other requests', () => {
  it('requests racing the deletion of their post answer 2xx, 404 or 412 and leave nothing of it behind', async (t) => {
    const { app, db, logs } = await buildTestApp(t, UNLIMITED_WRITES)
    const author = await registerAndLogin(app, 'author')
    const reader = await registerAndLogin(app, 'reader')
    for (let round = 0; round < ROUNDS; round++) {
      const fixture = await postWithFiles(app, author, reader)
      const { post, second } = fixture
      const answers = await race(
        logs,
        round,
        [
          {
            name: 'DELETE post',
            allowed: [204, 404],
            send: send(app, author, 'DELETE', `/v1/posts/${post.id}`),
          },
          {
            name: 'DELETE post If-Match',
            allowed: [204, 404, 412],
            send: send(app, author, 'DELETE', `/v1/posts/${post.id}`, { headers: { 'if-match': '"v1"' } }),
          },
        ],
        [
          ...requestsOn(app, author, reader, fixture, []),
          {
            name: 'DELETE other file',
            allowed: [204, 404],
            send: send(app, author, 'DELETE', `/v1/attachments/${second.id}`),
          },
        ],
      )
      const deletions = [
        ...statusesOf(answers, 'DELETE post'),
        ...statusesOf(answers, 'DELETE post If-Match'),
      ]
      assert.equal(
        deletions.filter((status) => status === 204).length,
        1,
        `round ${round}: one of the deletions deleted the post`,
      )
      await assertGone(db, 'posts', post.id, `round ${round}`)
      assert.equal((await app.inject({ method: 'GET', url: `/v1/posts/${post.id}` })).statusCode, 404)
      await assertConsistent(db, `round ${round}`)
    }
    assert.deepEqual(await storage(db, author.id), { counted: 0, stored: 0 })
  })

  it('requests racing the deletion of an attachment leave neither it, its bytes, its comments nor a cover naming it', async (t) => {
    const { app, db, logs } = await buildTestApp(t, UNLIMITED_WRITES)
    const author = await registerAndLogin(app, 'author')
    const reader = await registerAndLogin(app, 'reader')
    for (let round = 0; round < ROUNDS; round++) {
      const fixture = await postWithFiles(app, author, reader)
      const { post, first, second } = fixture
      const fileUrl = `/v1/attachments/${first.id}`
      const answers = await race(
        logs,
        round,
        [
          { name: 'DELETE file', allowed: [204, 404], send: send(app, author, 'DELETE', fileUrl) },
          {
            name: 'DELETE file If-Match',
            allowed: [204, 404, 412],
            send: send(app, author, 'DELETE', fileUrl, { headers: { 'if-match': '"v1"' } }),
          },
        ],
        requestsOn(app, author, reader, fixture, []),
      )
      const deletions = [
        ...statusesOf(answers, 'DELETE file'),
        ...statusesOf(answers, 'DELETE file If-Match'),
      ]
      assert.equal(
        deletions.filter((status) => status === 204).length,
        1,
        `round ${round}: one of the deletions deleted the file`,
      )
      const context = `round ${round}`
      await assertGone(db, 'attachments', first.id, context)
      const stored = await db
        .selectFrom('posts')
        .select('cover_attachment_id')
        .where('id', '=', post.id)
        .executeTakeFirstOrThrow()
      assert.notEqual(stored.cover_attachment_id, first.id, `${context}: the cover does not name it`)
      // The post and its other file are untouched.
      const kept = await app.inject({
        method: 'GET',
        url: `/v1/posts/${post.id}/attachments/${second.id}/content`,
      })
      assert.equal(kept.statusCode, 200, kept.body)
      assert.equal(kept.body, 'second file')
      await assertConsistent(db, context)
    }
  })

  it('requests racing the deletion of the account answer 2xx, 401, 404 or 412 and leave nothing of it behind', async (t) => {
    const { app, db, logs } = await buildTestApp(t, UNLIMITED_WRITES)
    const reader = await registerAndLogin(app, 'reader')
    // The reader's own files, to check their count is untouched by another account's deletion.
    const readerPost = await createPost(app, reader)
    await createAttachment(app, reader, readerPost.id, 'the reader’s file')
    for (let round = 0; round < ROUNDS; round++) {
      const author = await registerAndLogin(app, 'author')
      const fixture = await postWithFiles(app, author, reader)
      const other = await postWithFiles(app, author, reader)
      await createComment(app, author, readerPost.id)
      const otherUrl = `/v1/posts/${other.post.id}`
      const racingComment = { payload: { body: 'Racing' } }
      const answers = await race(
        logs,
        round,
        [
          {
            name: 'DELETE me',
            allowed: [204],
            send: send(app, author, 'DELETE', '/v1/me', { payload: { password: author.password } }),
          },
        ],
        [
          ...requestsOn(app, author, reader, fixture, [401]),
          { name: 'GET me', allowed: [200, 401], send: send(app, author, 'GET', '/v1/me') },
          {
            name: 'DELETE other post',
            allowed: [204, 401, 404],
            send: send(app, author, 'DELETE', otherUrl),
          },
          {
            name: 'DELETE other file',
            allowed: [204, 401, 404],
            send: send(app, author, 'DELETE', `/v1/attachments/${other.second.id}`),
          },
          // A comment's foreign keys lock its post, then its author: the account's deletion must not
          // take them the other way round. More of the author's comments, more chances to meet it.
          {
            name: 'comment on other post (author)',
            allowed: [201, 401, 404],
            send: send(app, author, 'POST', `${otherUrl}/comments`, racingComment),
          },
          {
            name: 'comment on other file (author)',
            allowed: [201, 401, 404],
            send: send(
              app,
              author,
              'POST',
              `${otherUrl}/attachments/${other.first.id}/comments`,
              racingComment,
            ),
          },
          {
            name: 'comment on reader’s post (author)',
            allowed: [201, 401, 404],
            send: send(app, author, 'POST', `/v1/posts/${readerPost.id}/comments`, racingComment),
          },
          {
            name: 'upload to other post',
            allowed: [201, 401, 404],
            send: () => upload(app, author, other.post.id, 200),
          },
        ],
      )
      assert.deepEqual(statusesOf(answers, 'DELETE me'), [204])
      const context = `round ${round}`
      await assertGone(db, 'posts', fixture.post.id, context)
      await assertGone(db, 'posts', other.post.id, context)
      await assertGone(db, 'users', author.id, context)
      assert.equal((await app.inject({ method: 'GET', url: '/v1/me', headers: author.auth })).statusCode, 401)
      await assertConsistent(db, context)
    }
    const readerFiles = await storage(db, reader.id)
    assert.ok(readerFiles.counted > 0)
  })
})

// On PostgreSQL a race can also be pinned where it matters: the test holds a row lock that stops one
// request mid-way, sends the others, and lets go. (SQLite lets one writer in at a time: nothing to pin.)

/** Waits until `count` statements wait for a lock (the test's own connection holds one). */
async function lockWaits(db: Db, count: number): Promise<void> {
  for (let attempt = 0; attempt < 500; attempt++) {
    const { rows } = await sql<{ waiting: number }>`
      select count(*)::int as waiting from pg_stat_activity
       where datname = current_database() and wait_event_type = 'Lock'`.execute(db)
    if ((rows[0]?.waiting ?? 0) >= count) return
    await delay(10)
  }
  assert.fail(`${count} statements never waited for a lock`)
}

/** A connection of the test's own to the app's database, to hold row locks; ended with the test. */
async function lockingClient(t: TestContext, databaseUrl: string): Promise<pg.Client> {
  // The app's clean-up drops the database, ending this connection if the test failed before closing it.
  const client = new pg.Client({ connectionString: databaseUrl })
  client.on('error', () => undefined)
  await client.connect()
  t.after(() => client.end().catch(() => undefined))
  return client
}
describe('deletion racing other requests, pinned mid-way (PostgreSQL)', () => {
  it(
    'the author’s comments sent while their account is being deleted answer 404, not a deadlock',
    { skip: TEST_ENGINE !== 'postgres' && 'runs in the PostgreSQL pass' },
    async (t) => {
      const { app, db, databaseUrl, logs } = await buildTestApp(t, UNLIMITED_WRITES, { engine: 'postgres' })
      const author = await registerAndLogin(app, 'author')
      const post = await createPost(app, author)
      const file = await createAttachment(app, author, post.id)
      const login = await app.inject({
        method: 'POST',
        url: '/v1/sessions',
        payload: { email: author.email, password: author.password },
      })
      const heldSession = dataOf<{ id: string }>(login, 201)
      const client = await lockingClient(t, databaseUrl)

      // The test holds one of the author's sessions: the deletion stops when its cascade reaches the
      // sessions, holding every row it has taken so far, and the comments meet it there.
      await client.query('begin')
      await client.query('select id from sessions where id = $1 for update', [heldSession.id])
      const deletion = app.inject({
        method: 'DELETE',
        url: '/v1/me',
        headers: author.auth,
        payload: { password: author.password },
      })
      await lockWaits(db, 1)
      const comments = [
        `/v1/posts/${post.id}/comments`,
        `/v1/posts/${post.id}/attachments/${file.id}/comments`,
        `/v1/posts/${post.id}/comments`,
      ].map((url) => app.inject({ method: 'POST', url, headers: author.auth, payload: { body: 'Late' } }))
      await lockWaits(db, 1 + comments.length)
      await client.query('rollback')

      const [deleted, ...commented] = await Promise.all([deletion, ...comments])
      assert.ok(deleted)
      assert.equal(deleted.statusCode, 204, `${deleted.body}\nserver errors: ${serverErrors(logs)}`)
      for (const answer of commented) {
        assert.equal(answer.statusCode, 404, `${answer.body}\nserver errors: ${serverErrors(logs)}`)
        assert.equal(errorOf(answer, 404).code, 'NOT_FOUND')
      }
      assert.deepEqual(await db.selectFrom('posts').select('id').execute(), [])
      await assertConsistent(db, 'after the deletion')
    },
  )

  it(
    'a post and a comment the account commits while its deletion runs go with it, with their events',
    { skip: TEST_ENGINE !== 'postgres' && 'runs in the PostgreSQL pass' },
    async (t) => {
      const { app, db, databaseUrl, logs, port } = await listening(t, {}, { engine: 'postgres' })
      const leaving = await registerAndLogin(app, 'leaving')
      const staying = await registerAndLogin(app, 'staying')
      const theirs = await createPost(app, leaving, { title: 'Theirs' })
      const mine = await createPost(app, staying, { title: 'Mine' })
      const stream = await subscribe(t, port, `posts,posts/${mine.id}`, staying)
      const client = await lockingClient(t, databaseUrl)

      // The test holds the account's post: the deletion stops at its posts, after its first reads.
      await client.query('begin')
      await client.query('select id from posts where id = $1 for update', [theirs.id])
      const deletion = app.inject({
        method: 'DELETE',
        url: '/v1/me',
        headers: leaving.auth,
        payload: { password: leaving.password },
      })
      await lockWaits(db, 1)
      // Meanwhile the account, from its session, writes a post and a comment on someone else's post.
      const late = await createPost(app, leaving, { title: 'Late' })
      const comment = await createComment(app, leaving, mine.id, undefined, 'Late')
      await client.query('rollback')
      const deleted = await deletion
      assert.equal(deleted.statusCode, 204, `${deleted.body}\nserver errors: ${serverErrors(logs)}`)

      const wanted = [`post.deleted ${theirs.id}`, `post.deleted ${late.id}`, `comment.deleted ${comment.id}`]
      const seen = (): string[] =>
        stream.messages.map(
          (message) => `${message.event} ${(JSON.parse(message.data) as { data: { id: string } }).data.id}`,
        )
      await stream.until(() => wanted.every((line) => seen().includes(line)), wanted.join(', '))
      assert.deepEqual(seen().slice(0, 2), [`post.created ${late.id}`, `comment.created ${comment.id}`])
      assert.deepEqual(
        await db.selectFrom('posts').select('id').where('user_id', '=', leaving.id).execute(),
        [],
      )
      await assertConsistent(db, 'after the deletion')
    },
  )
})
