import assert from 'node:assert/strict'
import { setTimeout as sleep } from 'node:timers/promises'
import { describe, it } from 'node:test'
import { sql } from 'kysely'
import { watchWrites, type Db } from '../../src/db/database.js'
import { sessionCacheFor, writesCopiedRows } from '../../src/sessions/session-cache.js'
import {
  deleteSessionById,
  insertSessionIfCredentialsCurrent,
  touchSession,
  type SessionWithUser,
} from '../../src/sessions/sessions.queries.js'
import { hashToken, TokenHashes, tokenSlot } from '../../src/sessions/token-hashes.js'
import { newSessionToken } from '../../src/sessions/tokens.js'
import { newId } from '../../src/ids.js'
import {
  buildTestApp,
  json,
  me,
  otherProcess,
  outsideWrite,
  registerAndLogin,
  TEST_ENGINE,
} from '../helpers.js'

// The session cache (sessions/session-cache.ts): a session read moments ago answers without a
// statement until this process writes the sessions or users tables, or its life (SESSION_CACHE)
// passes. "Another process" here is a connection of its own to the test's database (a second SQLite
// connection to the file, or a second PostgreSQL connection), which is what an operator's shell
// would be; a second server instance on PostgreSQL is in sole-instance.test.ts.

const onSqlite = { skip: TEST_ENGINE !== 'sqlite' && 'SQLite’s data_version' }

/** The session's row as the database holds it, if it is there. */
function storedSession(db: Db, id: string) {
  return db.selectFrom('sessions').select(['id', 'updated_at']).where('id', '=', id).executeTakeFirst()
}

describe('session cache', () => {
  it('another process’s delete of a session is seen once the cache life has passed', async (t) => {
    const { app, databaseUrl } = await buildTestApp(t, { SESSION_CACHE: '1500ms' })
    const user = await registerAndLogin(app)
    assert.equal((await me(app, user)).statusCode, 200)
    await outsideWrite(t, databaseUrl, 'delete from sessions where id = ?', user.sessionId)
    // Within the life the copy read a moment ago answers (the outside write is unseen)...
    assert.equal((await me(app, user)).statusCode, 200, 'answered from the cache')
    await sleep(1600)
    // ...and after it the database is read again.
    assert.equal((await me(app, user)).statusCode, 401, 'read again after SESSION_CACHE')
  })

  it('SESSION_CACHE=0 reads the session from the database on every request', async (t) => {
    const { app, databaseUrl } = await buildTestApp(t, { SESSION_CACHE: '0' })
    const user = await registerAndLogin(app)
    assert.equal((await me(app, user)).statusCode, 200)
    await outsideWrite(t, databaseUrl, 'delete from sessions where id = ?', user.sessionId)
    assert.equal((await me(app, user)).statusCode, 401)
  })

  it('every write of this process to the sessions or users tables is seen by the next request', async (t) => {
    // A life of a minute, longer than the test: only the writes themselves can set the copies aside.
    const { app, db } = await buildTestApp(t, { SESSION_CACHE: '1m' })
    const user = await registerAndLogin(app)
    const other = await registerAndLogin(app)
    assert.equal((await me(app, user)).statusCode, 200)
    assert.equal((await me(app, other)).statusCode, 200)

    // An operator's statement through the app's own handle, not through any route.
    await db.updateTable('users').set({ display_name: 'Renamed' }).where('id', '=', user.id).execute()
    const renamed = json<{ data: { display_name: string } }>(await me(app, user)).data
    assert.equal(renamed.display_name, 'Renamed')

    // A route's write: PATCH /v1/me, then the new name and version on the next read.
    const patched = await app.inject({
      method: 'PATCH',
      url: '/v1/me',
      headers: user.auth,
      payload: { display_name: 'Patched' },
    })
    assert.equal(patched.statusCode, 200)
    const read = await me(app, user)
    assert.equal(json<{ data: { display_name: string } }>(read).data.display_name, 'Patched')
    assert.equal(read.headers.etag, patched.headers.etag)

    // Logging out ends the token at once; a raw delete of another user's sessions too.
    const logout = await app.inject({
      method: 'DELETE',
      url: `/v1/sessions/${user.sessionId}`,
      headers: user.auth,
    })
    assert.equal(logout.statusCode, 204)
    assert.equal((await me(app, user)).statusCode, 401)
    await sql`delete from sessions where user_id = ${other.id}`.execute(db)
    assert.equal((await me(app, other)).statusCode, 401)
  })

  it('the last-used write keeps the cached copy in step instead of setting the cache aside', async (t) => {
    // Every request writes updated_at (interval 0): were that write to set the cache aside, each
    // request would read the database, and the outside delete below would answer 401 at once.
    const { app, db, databaseUrl } = await buildTestApp(t, {
      SESSION_CACHE: '1m',
      SESSION_TOUCH_INTERVAL: '0',
    })
    const user = await registerAndLogin(app)
    assert.equal((await me(app, user)).statusCode, 200)
    await sleep(10)
    assert.equal((await me(app, user)).statusCode, 200)
    const touched = await storedSession(db, user.sessionId)
    assert.ok(Date.now() - (touched?.updated_at ?? 0) < 1000, 'the last-used time was written')
    await outsideWrite(t, databaseUrl, 'delete from sessions where id = ?', user.sessionId)
    assert.equal((await me(app, user)).statusCode, 200, 'still answered from the cache')
  })

  it('a cached session past its life answers 401 and is deleted', async (t) => {
    const { app, db } = await buildTestApp(t, {
      SESSION_CACHE: '1m',
      SESSION_LIFE: '2s',
      SESSION_TOUCH_INTERVAL: '1h',
    })
    const user = await registerAndLogin(app)
    assert.equal((await me(app, user)).statusCode, 200)
    await sleep(2300)
    const expired = await me(app, user)
    assert.equal(expired.statusCode, 401)
    assert.match(json<{ error: { message: string } }>(expired).error.message, /expired/)
    assert.equal(await storedSession(db, user.sessionId), undefined, 'the expired session row was deleted')
  })

  it('a session the cache holds as expired is read again before it is deleted', async (t) => {
    // The copy's last-used time is old, but another process used the session meanwhile: the database
    // decides, and the session lives on.
    const { app, db, databaseUrl } = await buildTestApp(t, {
      SESSION_CACHE: '1m',
      SESSION_LIFE: '2s',
      SESSION_TOUCH_INTERVAL: '1h',
    })
    const user = await registerAndLogin(app)
    assert.equal((await me(app, user)).statusCode, 200)
    await sleep(1200)
    await outsideWrite(
      t,
      databaseUrl,
      'update sessions set updated_at = ? where id = ?',
      Date.now(),
      user.sessionId,
    )
    await sleep(1200) // past the copy's expiry, within the row's
    assert.equal((await me(app, user)).statusCode, 200)
    assert.ok((await storedSession(db, user.sessionId)) !== undefined, 'the session was not deleted')
  })

  it('with several workers, another process’s commit sets the copies aside at once', onSqlite, async (t) => {
    // WORKERS=2 in the app's configuration: each use of a copy asks SQLite about other commits first.
    const { app, databaseUrl } = await buildTestApp(t, { SESSION_CACHE: '1m', WORKERS: '2' })
    const user = await registerAndLogin(app)
    assert.equal((await me(app, user)).statusCode, 200)
    otherProcess(t, databaseUrl).prepare('delete from sessions where id = ?').run(user.sessionId)
    assert.equal((await me(app, user)).statusCode, 401)
  })

  it('with several workers, a copy is used while no other process commits', onSqlite, async (t) => {
    const { db, databaseUrl } = await buildTestApp(t)
    const cache = await sessionCacheFor(db, 60_000, 2)
    assert.ok(cache !== undefined)
    const found = {
      session: { id: 's', token_hash: 'h', created_at: 0, updated_at: 0 },
      user: {} as SessionWithUser['user'],
    }
    const now = Date.now()
    cache.keep('h', found, cache.stamp() ?? assert.fail('no stamp'), now)
    assert.equal(cache.get('h', now), found, 'nothing committed since')
    otherProcess(t, databaseUrl).prepare("insert into rate_limits values ('elsewhere', 1, 0)").run()
    assert.equal(cache.get('h', now), undefined, 'another connection committed')
  })

  it('is off with SESSION_CACHE=0, and on PostgreSQL when no URL is known to reach it directly', async (t) => {
    const { db } = await buildTestApp(t)
    assert.equal(await sessionCacheFor(db, 0, 1), undefined, 'SESSION_CACHE=0')
    const cache = await sessionCacheFor(db, 1000, 1)
    assert.ok(cache !== undefined, 'on by default')
    await cache.close()
    if (TEST_ENGINE === 'postgres') {
      // Prepared statements off and no DATABASE_MIGRATION_URL: what a pooler in transaction mode
      // needs, where the lock connection's session locks would mean nothing.
      const pooled = await buildTestApp(t, { DATABASE_PREPARED_STATEMENTS: 'false' })
      assert.equal(await sessionCacheFor(pooled.db, 1000, 1), undefined)
    }
  })
})

describe('write watches', () => {
  it('count every statement that writes the tables they cover, INSERT … RETURNING included', async (t) => {
    const { db } = await buildTestApp(t)
    // On PostgreSQL a read may run beside a write: the count moves when the write is sent and again
    // once other connections can see it (its answer, or its transaction's commit).
    const postgres = TEST_ENGINE === 'postgres'
    const perWrite = postgres ? 2 : 1
    const watch = watchWrites(db, (text) => text.includes('rate_limits'))
    assert.ok(watch !== undefined)
    await sql`select count(*) from rate_limits`.execute(db)
    assert.equal(watch.count, 0, 'a read')
    await sql`insert into rate_limits (key, count, reset_at) values ('a', 1, 0) returning key`.execute(db)
    assert.equal(watch.count, perWrite, 'an insert that returns rows')
    await sql`update rate_limits set count = 2 where key = 'a'`.execute(db)
    assert.equal(watch.count, 2 * perWrite, 'an update')
    await db.transaction().execute(async (trx) => {
      await sql`update rate_limits set count = 3 where key = 'a'`.execute(trx)
      assert.equal(watch.count, 2 * perWrite + 1, 'sent inside a transaction')
      await sql`savepoint inner_step`.execute(trx)
      await sql`rollback to savepoint inner_step`.execute(trx)
      assert.equal(watch.count, 2 * perWrite + 1, 'a savepoint rolled back leaves the transaction open')
    })
    assert.equal(watch.count, 2 * perWrite + (postgres ? 2 : 1), 'committed')
    await sql`update users set display_name = 'x' where id = 'nobody'`.execute(db)
    assert.equal(watch.count, 2 * perWrite + (postgres ? 2 : 1), 'another table')
  })
  it('the session cache’s rule passes over the writes declared kept in step with it, and only those', async (t) => {
    const { app, db } = await buildTestApp(t)
    const user = await registerAndLogin(app)
    const perWrite = TEST_ENGINE === 'postgres' ? 2 : 1
    const watch = watchWrites(db, writesCopiedRows)
    assert.ok(watch !== undefined)
    const now = Date.now()
    const row = {
      id: newId(),
      user_id: user.id,
      token_hash: hashToken(newSessionToken()),
      user_agent: null,
      ip: null,
      created_at: now,
      updated_at: now,
    }
    assert.equal(await insertSessionIfCredentialsCurrent(db, row, 1), true)
    await touchSession(db, row.id, now + 1)
    assert.equal(watch.count, 0, 'a new session’s insert and the last-used time are kept in step')
    await deleteSessionById(db, row.id)
    assert.equal(watch.count, perWrite, 'a delete of the same table sets the copies aside')
  })
})

describe('token hashes kept in memory', () => {
  it('answer what hashing answers, for a token seen before and for a new one', (t) => {
    const hashes = new TokenHashes(60_000)
    t.after(() => {
      hashes.close()
    })
    const [first, second] = [newSessionToken(), newSessionToken()]
    const now = Date.now()
    assert.equal(hashes.of(first, now), hashToken(first))
    assert.equal(hashes.of(first, now + 1), hashToken(first), 'from memory')
    assert.equal(hashes.of(second, now + 2), hashToken(second))
    assert.equal(hashes.of(first, now + 3), hashToken(first))
    assert.equal(hashes.size, 2)
  })

  it('answer a token its own hash when another token held there shares its slot', (t) => {
    const key = 12_345
    const hashes = new TokenHashes(60_000, key)
    t.after(() => {
      hashes.close()
    })
    // Two tokens with one slot under this key (about 2^15 tries: slots have 30 bits).
    const seen = new Map<number, string>()
    let pair: [string, string] | undefined
    while (pair === undefined) {
      const token = newSessionToken()
      const other = seen.get(tokenSlot(token, key))
      if (other !== undefined) pair = [other, token]
      seen.set(tokenSlot(token, key), token)
    }
    const [first, second] = pair
    const now = Date.now()
    assert.equal(hashes.of(first, now), hashToken(first))
    assert.equal(hashes.of(second, now), hashToken(second), 'not the hash of the token in its slot')
    assert.equal(hashes.size, 1, 'the second took the slot')
    assert.equal(hashes.of(first, now), hashToken(first))
  })

  it('hold at most 10,000 tokens, the oldest going first, and each still hashes right', (t) => {
    const hashes = new TokenHashes(60_000)
    t.after(() => {
      hashes.close()
    })
    const tokens = Array.from({ length: 10_050 }, () => newSessionToken())
    const now = Date.now()
    for (const token of tokens) hashes.of(token, now)
    assert.equal(hashes.size, 10_000)
    for (const token of [0, 49, 50, 10_049].map((index) => tokens[index] ?? '')) {
      assert.equal(hashes.of(token, now), hashToken(token))
    }
    assert.equal(hashes.size, 10_000)
  })

  it('drop each token once its life has passed, and all of them on close', async () => {
    const hashes = new TokenHashes(40)
    const token = newSessionToken()
    hashes.of(token, Date.now())
    assert.equal(hashes.size, 1)
    await sleep(200)
    assert.equal(hashes.size, 0, 'the interval swept it')
    hashes.of(newSessionToken(), Date.now())
    hashes.close()
    assert.equal(hashes.size, 0)
  })
})
