import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { Readable } from 'node:stream'
import { describe, it, type TestContext } from 'node:test'
import { setTimeout as delay } from 'node:timers/promises'
import { Migrator, sql, type Kysely, type Migration } from 'kysely'
import { ATTACHMENT_CHUNK_BYTES } from '../../src/attachments/attachments.queries.js'
import { AttachmentGoneError, attachmentBody, SmallFileCache } from '../../src/attachments/downloads.js'
import { createDb, type Db } from '../../src/db/database.js'
import { migrateToLatest, MIGRATION_TABLE } from '../../src/db/migrate.js'
import * as accounts from '../../src/db/migrations/2026-11-22-01-accounts.js'
import * as content from '../../src/db/migrations/2026-11-22-02-content.js'
import * as credentialsVersion from '../../src/db/migrations/2026-11-23-01-credentials-version.js'
import * as accountRecovery from '../../src/db/migrations/2026-11-23-04-account-recovery.js'
import { loadConfig } from '../../src/config.js'
import { buildTestApp, freshDatabaseUrl, registerAndLogin, sha256 } from '../helpers.js'
import {
  createAttachment,
  createPost,
  dataOf,
  errorOf,
  uploadRaw,
  type AttachmentBody,
} from '../content-helpers.js'

const CHUNK = ATTACHMENT_CHUNK_BYTES

/** A database handle over the same pool that counts the statements run through it. */
function countingDb(db: Db): { db: Db; statements: () => number } {
  let statements = 0
  const counted = db.withPlugin({
    transformQuery: (args) => args.node,
    transformResult: (args) => {
      statements += 1
      return Promise.resolve(args.result)
    },
  })
  return { db: counted, statements: () => statements }
}

/** Reads a stream to its end; rejects with the stream's error. */
async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/**
 * Uploads `size` random bytes as a fresh author's attachment and opens the whole file's download body
 * through a handle that counts its statements.
 */
async function uploadedBody(
  t: TestContext,
  size: number,
  filename: string,
): Promise<{ bytes: Buffer; body: Buffer | Readable; statements: () => number }> {
  const { app, db } = await buildTestApp(t)
  const author = await registerAndLogin(app)
  const post = await createPost(app, author)
  const bytes = randomBytes(size)
  const attachment = dataOf<AttachmentBody>(await uploadRaw(app, author, post.id, bytes, { filename }), 201)
  const counting = countingDb(db)
  const body = await attachmentBody(counting.db, attachment, { start: 0, end: bytes.length - 1 })
  return { bytes, body, statements: counting.statements }
}

describe('downloads: happy paths', () => {
  it('a file of several chunks downloads whole, and any range across chunk boundaries byte for byte', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    const bytes = randomBytes(3 * CHUNK + 100)
    const size = bytes.length
    const attachment = dataOf<AttachmentBody>(
      await uploadRaw(app, author, post.id, bytes, { filename: 'big.bin' }),
      201,
    )
    const url = attachment.links['content'] ?? ''
    const whole = await app.inject({ method: 'GET', url })
    assert.equal(whole.statusCode, 200)
    assert.equal(whole.headers['content-length'], String(size))
    assert.equal(whole.headers['etag'], `"${sha256(bytes)}"`)
    assert.equal(sha256(whole.rawPayload), attachment.sha256)

    const ranges: Array<[string, number, number]> = [
      ['bytes=0-9', 0, 9],
      [`bytes=${CHUNK - 5}-${CHUNK + 4}`, CHUNK - 5, CHUNK + 4],
      [`bytes=${CHUNK}-${2 * CHUNK - 1}`, CHUNK, 2 * CHUNK - 1],
      [`bytes=${CHUNK - 1}-${3 * CHUNK}`, CHUNK - 1, 3 * CHUNK],
      [`bytes=${2 * CHUNK + 50}-`, 2 * CHUNK + 50, size - 1],
      ['bytes=-300', size - 300, size - 1],
      [`bytes=${size - 1}-${size + 1000}`, size - 1, size - 1],
    ]
    for (const [range, start, end] of ranges) {
      const response = await app.inject({ method: 'GET', url, headers: { range } })
      assert.equal(response.statusCode, 206, range)
      assert.equal(response.headers['content-range'], `bytes ${start}-${end}/${size}`, range)
      assert.equal(response.headers['content-length'], String(end - start + 1), range)
      assert.ok(response.rawPayload.equals(bytes.subarray(start, end + 1)), range)
    }
    const ifRange = await app.inject({
      method: 'GET',
      url,
      headers: { range: `bytes=${CHUNK}-`, 'if-range': `"${attachment.sha256}"` },
    })
    assert.equal(ifRange.statusCode, 206)
    assert.ok(ifRange.rawPayload.equals(bytes.subarray(CHUNK)))
    const head = await app.inject({ method: 'HEAD', url, headers: { range: `bytes=10-${2 * CHUNK}` } })
    assert.equal(head.statusCode, 206)
    assert.equal(head.headers['content-length'], String(2 * CHUNK - 9))
    assert.equal(head.body, '')
  })

  it('a file of exactly one chunk, and one byte more, are stored and sent whole', async (t) => {
    const { app, db } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    for (const size of [CHUNK, CHUNK + 1]) {
      const bytes = randomBytes(size)
      const attachment = dataOf<AttachmentBody>(
        await uploadRaw(app, author, post.id, bytes, { filename: 'edge.bin' }),
        201,
      )
      const chunks = await db
        .selectFrom('attachment_chunks')
        .select(['first_byte', sql<number>`length(bytes)`.as('length')])
        .where('attachment_id', '=', attachment.id)
        .orderBy('first_byte')
        .execute()
      assert.deepEqual(
        chunks.map((chunk) => [chunk.first_byte, chunk.length]),
        size === CHUNK
          ? [[0, CHUNK]]
          : [
              [0, CHUNK],
              [CHUNK, 1],
            ],
      )
      const response = await app.inject({ method: 'GET', url: attachment.links['content'] ?? '' })
      assert.ok(response.rawPayload.equals(bytes), String(size))
    }
  })

  it('chunks of other sizes than this build stores (a later build’s, larger than one read covers) download byte for byte', async (t) => {
    const { app, db } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    const bytes = randomBytes(CHUNK + CHUNK / 2 + 1000)
    const attachment = dataOf<AttachmentBody>(
      await uploadRaw(app, author, post.id, bytes, { filename: 'other.bin' }),
      201,
    )
    // Stored again as one chunk of 1.5 × CHUNK and one of 1,000 bytes.
    const split = CHUNK + CHUNK / 2
    await db.deleteFrom('attachment_chunks').where('attachment_id', '=', attachment.id).execute()
    await db
      .insertInto('attachment_chunks')
      .values([
        { attachment_id: attachment.id, first_byte: 0, bytes: bytes.subarray(0, split) },
        { attachment_id: attachment.id, first_byte: split, bytes: bytes.subarray(split) },
      ])
      .execute()
    const url = attachment.links['content'] ?? ''
    const whole = await app.inject({ method: 'GET', url })
    assert.equal(whole.statusCode, 200)
    assert.ok(whole.rawPayload.equals(bytes))
    for (const [start, end] of [
      [CHUNK - 10, CHUNK + 10],
      [split - 5, split + 5],
      [split + 1, bytes.length - 1],
    ] as const) {
      const response = await app.inject({ method: 'GET', url, headers: { range: `bytes=${start}-${end}` } })
      assert.equal(response.statusCode, 206)
      assert.ok(response.rawPayload.equals(bytes.subarray(start, end + 1)), `${start}-${end}`)
    }
  })

  it('a small file is answered from one chunk read, with no stream', async (t) => {
    const { bytes, body, statements } = await uploadedBody(t, 100 * 1000, 'photo.jpg')
    assert.ok(Buffer.isBuffer(body))
    assert.ok(body.equals(bytes))
    assert.equal(statements(), 1)
  })

  it('files stored before chunking are moved into chunks by the migration, byte for byte, and counted', async (t) => {
    const url = await freshDatabaseUrl(t)
    const db = createDb(loadConfig({ DATABASE_URL: url }).database)
    t.after(() => db.destroy())
    // The schema as it was before chunks: attachments kept their bytes in one `content` value.
    const before: Record<string, Migration> = {
      '2026-11-22-01-accounts': accounts,
      '2026-11-22-02-content': content,
      '2026-11-23-01-credentials-version': credentialsVersion,
      '2026-11-23-04-account-recovery': accountRecovery,
    }
    const migrator = new Migrator({
      db,
      provider: { getMigrations: () => Promise.resolve(before) },
      migrationTableName: MIGRATION_TABLE,
      migrationLockTableName: 'quire_migrations_lock',
    })
    const { error } = await migrator.migrateToLatest()
    assert.equal(error, undefined)
    const loose = db as unknown as Kysely<Record<string, Record<string, unknown>>>
    const now = Date.now()
    await loose
      .insertInto('users')
      .values({
        id: 'u',
        email: 'u@example.com',
        password_hash: 'x',
        preferences: '{}',
        version: 1,
        created_at: now,
        updated_at: now,
      })
      .execute()
    await loose
      .insertInto('posts')
      .values({
        id: 'p',
        user_id: 'u',
        title: 't',
        body: '',
        visibility: 'public',
        created_at: now,
        updated_at: now,
      })
      .execute()
    const files = new Map<string, Buffer>([
      ['a-empty', Buffer.alloc(0)],
      ['b-one', randomBytes(1)],
      ['c-chunk', randomBytes(CHUNK)],
      ['d-more', randomBytes(2 * CHUNK + 7)],
    ])
    for (const [id, bytes] of files) {
      await loose
        .insertInto('attachments')
        .values({
          id,
          post_id: 'p',
          filename: `${id}.bin`,
          content_type: 'application/octet-stream',
          size: bytes.length,
          sha256: sha256(bytes),
          content: bytes,
          created_at: now,
          updated_at: now,
        })
        .execute()
    }

    await migrateToLatest(db)
    for (const [id, bytes] of files) {
      const chunks = await db
        .selectFrom('attachment_chunks')
        .select(['first_byte', 'bytes'])
        .where('attachment_id', '=', id)
        .orderBy('first_byte')
        .execute()
      assert.ok(Buffer.concat(chunks.map((chunk) => chunk.bytes)).equals(bytes), id)
      assert.ok(
        chunks.every((chunk) => chunk.bytes.length <= CHUNK),
        id,
      )
      if (bytes.length > 0) {
        const body = await attachmentBody(
          db,
          { id, size: bytes.length, sha256: sha256(bytes) },
          { start: 0, end: bytes.length - 1 },
        )
        const received = Buffer.isBuffer(body) ? body : await readAll(body)
        assert.ok(received.equals(bytes), id)
      }
    }
    const columns = await sql<{ name: string }>`select * from attachments`.execute(db)
    assert.ok(!columns.rows.some((row) => 'content' in row), 'the content column is gone')
    // The storage quota's counter starts from what the user already stores.
    const user = await db
      .selectFrom('users')
      .select('storage_bytes')
      .where('id', '=', 'u')
      .executeTakeFirstOrThrow()
    assert.equal(
      user.storage_bytes,
      [...files.values()].reduce((sum, bytes) => sum + bytes.length, 0),
    )
  })
})

describe('downloads: a file deleted or a client gone mid-stream', () => {
  it('a file deleted while it streams fails the stream (the response is cut short, not a 500)', async (t) => {
    const { app, db } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    const bytes = randomBytes(8 * CHUNK)
    const attachment = dataOf<AttachmentBody>(
      await uploadRaw(app, author, post.id, bytes, { filename: 'going.bin' }),
      201,
    )
    const body = await attachmentBody(db, attachment, { start: 0, end: bytes.length - 1 })
    assert.ok(body instanceof Readable)
    const received: Buffer[] = []
    const failed = new Promise<unknown>((resolve) => body.once('error', resolve))
    const first = await new Promise<Buffer>((resolve) => body.once('data', resolve))
    received.push(first)
    body.pause()
    const deleted = await app.inject({
      method: 'DELETE',
      url: attachment.links['edit'] ?? '',
      headers: author.auth,
    })
    assert.equal(deleted.statusCode, 204)
    body.on('data', (chunk: Buffer) => received.push(chunk))
    body.resume()
    assert.ok((await failed) instanceof AttachmentGoneError)
    const total = Buffer.concat(received)
    assert.ok(total.length < bytes.length, `${total.length} of ${bytes.length} bytes`)
    assert.ok(total.equals(bytes.subarray(0, total.length)), 'what was sent is the file’s start')

    // Deleted before the first byte: a clean 404.
    const gone = await app.inject({ method: 'GET', url: attachment.links['content'] ?? '' })
    assert.equal(errorOf(gone, 404).code, 'NOT_FOUND')
  })

  it('a stream that is destroyed (the client went away) reads nothing more from the database', async (t) => {
    const { body, statements } = await uploadedBody(t, 16 * CHUNK, 'left.bin')
    assert.ok(body instanceof Readable)
    await new Promise((resolve) => body.once('data', resolve))
    body.destroy()
    const afterDestroy = statements()
    await delay(200)
    // At most the read already under way when it was destroyed; never the other 14 chunks.
    assert.ok(statements() <= afterDestroy + 1, `${statements()} statements`)
    assert.ok(statements() <= 3, `${statements()} statements`)
  })

  it('a stream nobody reads holds at most about two chunks, however large the file (backpressure)', async (t) => {
    const { bytes, body, statements } = await uploadedBody(t, 16 * CHUNK, 'slow.bin')
    assert.ok(body instanceof Readable)
    body.pause()
    body.read(0)
    await delay(200)
    assert.ok(body.readableLength <= 2 * CHUNK, `${body.readableLength} bytes buffered`)
    assert.ok(statements() <= 3, `${statements()} statements`)
    // Read at the reader's pace, it still delivers every byte.
    assert.ok((await readAll(body)).equals(bytes))
  })
})

describe('downloads: small files kept in memory (ATTACHMENT_CACHE_BYTES)', () => {
  const file = (id: string, bytes: Buffer) => ({ id, size: bytes.length, sha256: sha256(bytes) })

  it('keeps whole files within the budget, least recently used out first, a quarter of it at most each', () => {
    const cache = new SmallFileCache(400)
    const files = new Map(['a', 'b', 'c', 'd'].map((id) => [id, randomBytes(100)]))
    const kept = (id: string) => {
      const bytes = files.get(id) ?? Buffer.alloc(0)
      return cache.get(file(id, bytes))?.equals(bytes) ?? false
    }
    for (const [id, bytes] of files) cache.keep(file(id, bytes), bytes)
    assert.equal(cache.totalBytes, 400)
    assert.ok(kept('a'))
    files.set('e', randomBytes(100))
    cache.keep(file('e', files.get('e') ?? Buffer.alloc(0)), files.get('e') ?? Buffer.alloc(0))
    // a was used after b, c and d were kept: b is the one evicted.
    assert.equal(cache.totalBytes, 400)
    assert.deepEqual(['a', 'b', 'c', 'd', 'e'].map(kept), [true, false, true, true, true])

    const large = randomBytes(101)
    cache.keep(file('large', large), large)
    assert.equal(cache.get(file('large', large)), undefined, 'over a quarter of the budget: not kept')
    const partial = randomBytes(50)
    cache.keep({ id: 'partial', size: 80, sha256: sha256(partial) }, partial)
    assert.equal(
      cache.get({ id: 'partial', size: 80, sha256: sha256(partial) }),
      undefined,
      'not the whole file',
    )
    assert.equal(new SmallFileCache(0).get(file('a', Buffer.alloc(0))), undefined)
  })

  it('answers only for the same id and SHA-256, and keeps its own copy of a view into a larger buffer', () => {
    const cache = new SmallFileCache(1000)
    const row = randomBytes(300)
    const bytes = row.subarray(100, 200)
    cache.keep(file('x', bytes), bytes)
    assert.equal(cache.get({ id: 'x', size: 100, sha256: sha256(randomBytes(100)) }), undefined)
    const kept = cache.get(file('x', bytes))
    assert.ok(kept?.equals(bytes))
    assert.equal(kept?.buffer.byteLength, 100, 'the 300-byte row is not held')
  })

  /** Uploads `bytes`, downloads them once, then removes their stored chunks behind the app's back. */
  async function downloadedThenChunksRemoved(t: TestContext, env: Record<string, string>, bytes: Buffer) {
    const { app, db } = await buildTestApp(t, env)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    const attachment = await createAttachment(app, author, post.id, bytes, 'hot.bin')
    const url = attachment.links['content'] ?? ''
    const first = await app.inject({ method: 'GET', url })
    assert.equal(first.statusCode, 200)
    assert.ok(first.rawPayload.equals(bytes))
    await db.deleteFrom('attachment_chunks').where('attachment_id', '=', attachment.id).execute()
    return { app, author, attachment, url }
  }

  it('a small file downloaded again is answered from memory, whole or by range, with no read of its bytes', async (t) => {
    const bytes = randomBytes(100_000)
    const { app, url } = await downloadedThenChunksRemoved(t, {}, bytes)
    const again = await app.inject({ method: 'GET', url })
    assert.equal(again.statusCode, 200)
    assert.equal(again.headers['content-length'], String(bytes.length))
    assert.ok(again.rawPayload.equals(bytes))
    const range = await app.inject({ method: 'GET', url, headers: { range: 'bytes=1000-1999' } })
    assert.equal(range.statusCode, 206)
    assert.equal(range.headers['content-range'], `bytes 1000-1999/${bytes.length}`)
    assert.ok(range.rawPayload.equals(bytes.subarray(1000, 2000)))
  })

  it('ATTACHMENT_CACHE_BYTES=0 keeps nothing: every download reads the bytes', async (t) => {
    const { app, url } = await downloadedThenChunksRemoved(
      t,
      { ATTACHMENT_CACHE_BYTES: '0' },
      randomBytes(1000),
    )
    assert.equal(errorOf(await app.inject({ method: 'GET', url }), 404).code, 'NOT_FOUND')
  })

  it('a file of more than one chunk is never kept', async (t) => {
    const { app, url } = await downloadedThenChunksRemoved(
      t,
      { ATTACHMENT_CACHE_BYTES: String(64 * CHUNK) },
      randomBytes(CHUNK + 1),
    )
    assert.equal(errorOf(await app.inject({ method: 'GET', url }), 404).code, 'NOT_FOUND')
  })

  it('a kept file that is deleted, or whose post is no longer visible, is not served', async (t) => {
    const bytes = randomBytes(2000)
    const { app, author, attachment, url } = await downloadedThenChunksRemoved(t, {}, bytes)
    const hidden = await app.inject({
      method: 'PATCH',
      url: `/v1/posts/${attachment.post_id}`,
      headers: author.auth,
      payload: { visibility: 'private' },
    })
    assert.equal(hidden.statusCode, 200)
    assert.equal(errorOf(await app.inject({ method: 'GET', url }), 404).code, 'NOT_FOUND')
    assert.ok((await app.inject({ method: 'GET', url, headers: author.auth })).rawPayload.equals(bytes))
    const deleted = await app.inject({
      method: 'DELETE',
      url: attachment.links['edit'] ?? '',
      headers: author.auth,
    })
    assert.equal(deleted.statusCode, 204)
    assert.equal(
      errorOf(await app.inject({ method: 'GET', url, headers: author.auth }), 404).code,
      'NOT_FOUND',
    )
  })
})
