import assert from 'node:assert/strict'
import { createHash, randomBytes } from 'node:crypto'
import { describe, it } from 'node:test'
import { setTimeout as delay } from 'node:timers/promises'
import SQLite from 'better-sqlite3'
import pg from 'pg'
import { ensureBuilt, startListening, type RunningServer } from '../e2e/built-server.js'
import { freshDatabaseUrl, strongPassword, uniqueEmail, TEST_ENGINE } from '../helpers.js'

// Crash consistency: concurrent writers against the built server, SIGKILL in the middle of the load,
// restart on the same database; every write the server acknowledged must be there, byte for byte,
// and the database must pass its integrity check. CRASH_ROUNDS sets the number of kills (3 by
// default; more for a longer run).

const ROUNDS = Number(process.env['CRASH_ROUNDS'] ?? 3)
const WRITERS = 8

interface Acknowledged {
  posts: Map<string, { title: string; body: string }>
  attachments: Map<string, { postId: string; sha256: string; size: number }>
  comments: Map<string, { postId: string; body: string }>
  /** Post edits in flight at the kill: the post may hold either its acknowledged or this body. */
  pendingEdits: Map<string, string>
}

async function call(
  base: string,
  method: string,
  path: string,
  token: string | undefined,
  body?: { json: unknown } | { bytes: Buffer; type: string },
): Promise<{ status: number; json: () => unknown; bytes: Buffer }> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {}
  let payload: string | Buffer | undefined
  if (body && 'json' in body) {
    headers['content-type'] = 'application/json'
    payload = JSON.stringify(body.json)
  } else if (body) {
    headers['content-type'] = body.type
    payload = body.bytes
  }
  const response = await fetch(`${base}${path}`, { method, headers, ...(payload ? { body: payload } : {}) })
  const bytes = Buffer.from(await response.arrayBuffer())
  return { status: response.status, bytes, json: () => JSON.parse(bytes.toString('utf8')) as unknown }
}

/** One writer: creates posts, uploads, comments and edits until the server dies under it. */
async function writer(
  base: string,
  token: string,
  label: string,
  acknowledged: Acknowledged,
  stop: () => boolean,
): Promise<void> {
  let counter = 0
  try {
    while (!stop()) {
      counter += 1
      const title = `${label}-${counter}`
      const body = `${title} ${randomBytes(24).toString('hex')}`
      const created = await call(base, 'POST', '/v1/posts', token, { json: { title, body } })
      if (created.status !== 201) throw new Error(`POST /v1/posts answered ${created.status}`)
      const postId = (created.json() as { data: { id: string } }).data.id
      acknowledged.posts.set(postId, { title, body })

      const bytes = randomBytes(1024 + (counter % 7) * 4096)
      const upload = await call(
        base,
        'POST',
        `/v1/posts/${postId}/attachments?filename=${title}.bin`,
        token,
        {
          bytes,
          type: 'application/octet-stream',
        },
      )
      if (upload.status !== 201) throw new Error(`upload answered ${upload.status}`)
      const attachmentId = (upload.json() as { data: { id: string } }).data.id
      acknowledged.attachments.set(attachmentId, {
        postId,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        size: bytes.length,
      })

      const commentBody = `comment on ${title}`
      const comment = await call(base, 'POST', `/v1/posts/${postId}/comments`, token, {
        json: { body: commentBody },
      })
      if (comment.status !== 201) throw new Error(`comment answered ${comment.status}`)
      acknowledged.comments.set((comment.json() as { data: { id: string } }).data.id, {
        postId,
        body: commentBody,
      })

      const edited = `${body} (edited)`
      acknowledged.pendingEdits.set(postId, edited)
      const edit = await call(base, 'PATCH', `/v1/posts/${postId}`, token, { json: { body: edited } })
      if (edit.status !== 200) throw new Error(`PATCH answered ${edit.status}`)
      acknowledged.posts.set(postId, { title, body: edited })
      acknowledged.pendingEdits.delete(postId)
    }
  } catch (error) {
    // Expected once the server is killed: the connection drops mid-request. Anything else is a bug.
    if (!stop()) throw error
  }
}

/** Checks every acknowledged write through the API of the restarted server. */
async function verify(base: string, token: string, acknowledged: Acknowledged): Promise<void> {
  for (const [postId, expected] of acknowledged.posts) {
    const response = await call(base, 'GET', `/v1/posts/${postId}`, token)
    assert.equal(response.status, 200, `acknowledged post ${postId} is missing`)
    const post = (response.json() as { data: { title: string; body: string } }).data
    assert.equal(post.title, expected.title)
    const pending = acknowledged.pendingEdits.get(postId)
    assert.ok(
      post.body === expected.body || post.body === pending,
      `post ${postId} holds ${JSON.stringify(post.body)}, expected ${JSON.stringify(expected.body)}`,
    )
  }
  for (const [attachmentId, expected] of acknowledged.attachments) {
    const response = await call(
      base,
      'GET',
      `/v1/posts/${expected.postId}/attachments/${attachmentId}/content`,
      token,
    )
    assert.equal(response.status, 200, `acknowledged attachment ${attachmentId} is missing`)
    assert.equal(response.bytes.length, expected.size)
    assert.equal(createHash('sha256').update(response.bytes).digest('hex'), expected.sha256)
  }
  for (const [commentId, expected] of acknowledged.comments) {
    const response = await call(base, 'GET', `/v1/comments/${commentId}`, token)
    assert.equal(response.status, 200, `acknowledged comment ${commentId} is missing`)
    assert.equal((response.json() as { data: { body: string } }).data.body, expected.body)
  }
}

// Counts kept beside the data must agree with it whatever the kill interrupted: each user's stored
// total (USER_STORAGE_MAX_BYTES) is the sum of their files, and each file's chunks add up to its size.
const COUNTS_THAT_DISAGREE = [
  `select count(*) as count from users where storage_bytes <> coalesce((select sum(attachments.size)
     from attachments join posts on posts.id = attachments.post_id where posts.user_id = users.id), 0)`,
  `select count(*) as count from attachments where size <> coalesce((select sum(length(bytes))
     from attachment_chunks where attachment_chunks.attachment_id = attachments.id), 0)`,
]

async function integrityCheck(databaseUrl: string): Promise<void> {
  if (databaseUrl.startsWith('sqlite:')) {
    const db = new SQLite(databaseUrl.slice('sqlite:'.length), { readonly: true })
    try {
      assert.deepEqual(db.pragma('integrity_check'), [{ integrity_check: 'ok' }])
      assert.deepEqual(db.pragma('foreign_key_check'), [])
      for (const query of COUNTS_THAT_DISAGREE) {
        assert.deepEqual(db.prepare(query).get(), { count: 0 }, query)
      }
    } finally {
      db.close()
    }
    return
  }
  // PostgreSQL's WAL makes committed transactions durable; check that every table reads back whole
  // and that no row lost its parent.
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const tables = await client.query<{ name: string }>(
      "select tablename as name from pg_tables where schemaname = 'public'",
    )
    for (const { name } of tables.rows) await client.query(`select * from "${name}"`)
    const orphans = await client.query<{ count: string }>(
      `select count(*) as count from comments c left join posts p on p.id = c.post_id where p.id is null`,
    )
    assert.equal(orphans.rows[0]?.count, '0')
    for (const query of COUNTS_THAT_DISAGREE) {
      assert.equal((await client.query<{ count: string }>(query)).rows[0]?.count, '0', query)
    }
  } finally {
    await client.end()
  }
}

async function kill(server: RunningServer): Promise<void> {
  server.child.kill('SIGKILL')
  const exit = await server.exited
  assert.equal(exit.signal, 'SIGKILL')
}

describe('crash consistency (built server, SIGKILL under load)', () => {
  it(`keeps every acknowledged write through ${ROUNDS} kills (${TEST_ENGINE})`, async (t) => {
    await ensureBuilt(t)
    const databaseUrl = await freshDatabaseUrl(t)
    // Eight writers on one account post, upload and comment as fast as they can: the per-user limits
    // are not what is tested here.
    const env = { DATABASE_URL: databaseUrl, USER_POST_LIMIT: '1000000/1m', USER_COMMENT_LIMIT: '1000000/1m' }

    const acknowledged: Acknowledged = {
      posts: new Map(),
      attachments: new Map(),
      comments: new Map(),
      pendingEdits: new Map(),
    }
    let token = ''
    for (let round = 0; round < ROUNDS; round += 1) {
      const server = await startListening(t, env)
      const base = `http://127.0.0.1:${server.port}`
      if (round === 0) {
        const email = uniqueEmail('crash')
        const password = strongPassword()
        assert.equal(
          (await call(base, 'POST', '/v1/register', undefined, { json: { email, password } })).status,
          201,
        )
        const login = await call(base, 'POST', '/v1/sessions', undefined, { json: { email, password } })
        token = (login.json() as { data: { token: string } }).data.token
      } else {
        // What the previous round's server acknowledged survived its death.
        await verify(base, token, acknowledged)
      }
      let killed = false
      const before = acknowledged.posts.size
      const failures: unknown[] = []
      const writers = Array.from({ length: WRITERS }, (_, index) =>
        writer(base, token, `r${round}w${index}`, acknowledged, () => killed).catch((error: unknown) => {
          failures.push(error)
        }),
      )
      // Kill at a different point of the load each round.
      await delay(400 + round * 150)
      killed = true
      await kill(server)
      await Promise.all(writers)
      assert.deepEqual(failures, [], 'no write failed before the kill')
      t.diagnostic(
        `round ${round + 1}: ${acknowledged.posts.size - before} posts acknowledged before the kill`,
      )
      assert.ok(acknowledged.posts.size > before, 'the writers got some writes acknowledged before the kill')
    }

    const last = await startListening(t, env)
    await verify(`http://127.0.0.1:${last.port}`, token, acknowledged)
    last.child.kill('SIGTERM')
    await last.exited
    await integrityCheck(databaseUrl)
    t.diagnostic(
      `${ROUNDS} kills survived: ${acknowledged.posts.size} posts, ${acknowledged.attachments.size} attachments, ` +
        `${acknowledged.comments.size} comments acknowledged and found intact`,
    )
  })
})
