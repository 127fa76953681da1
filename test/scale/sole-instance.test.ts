import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import { WriteWatch } from '../../src/db/write-watch.js'
import { cacheWhileAlone } from '../../src/row-cache/row-cache.js'
import { SOLE_INSTANCE_LOCK_KEY, SoleInstance } from '../../src/row-cache/sole-instance.js'
import type { SessionWithUser } from '../../src/sessions/sessions.queries.js'
import {
  buildTestApp,
  freshDatabaseUrl,
  me,
  POSTGRES_ADMIN_URL,
  registerAndLogin,
  TEST_ENGINE,
  until,
  type TestApp,
  type TestUser,
} from '../helpers.js'
import { startTcpProxy, throughProxy, type TcpProxy } from './tcp-proxy.js'
import type { FastifyInstance } from 'fastify'

// Whether an instance is alone on its PostgreSQL database (row-cache/sole-instance.ts), which is
// when its session cache may be used: an arriving instance must make the one that is alone stop
// before it serves anything, and being alone comes back once the others have gone.

const POSTGRES_ONLY = { skip: TEST_ENGINE !== 'postgres' && 'runs in the PostgreSQL pass' }

async function connected(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url })
  client.on('error', () => undefined) // the database is dropped (with force) when the test ends
  await client.connect()
  return client
}

/** The backends holding the sole-instance key on the database at `url`. */
async function lockHolders(url: string): Promise<number[]> {
  const admin = await connected(url)
  try {
    const { rows } = await admin.query<{ pid: number }>(
      `select distinct pid from pg_locks
        where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())
        order by pid`,
    )
    return rows.map((row) => row.pid)
  } finally {
    await admin.end()
  }
}

async function terminate(url: string, pid: number): Promise<void> {
  const admin = await connected(url)
  try {
    const { rows } = await admin.query<{ ended: boolean }>('select pg_terminate_backend($1) as ended', [pid])
    assert.equal(rows[0]?.ended, true, `backend ${String(pid)} ended`)
  } finally {
    await admin.end()
  }
}

/** A proxy to the test's PostgreSQL server, closed when the test ends. */
async function proxyToPostgres(t: { after: (fn: () => Promise<void>) => void }): Promise<TcpProxy> {
  const server = new URL(POSTGRES_ADMIN_URL)
  const proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) })
  t.after(() => proxy.close())
  return proxy
}

/**
 * A server on the database at `url` whose lock connection (the direct URL) goes through `proxy`,
 * while its pool reaches PostgreSQL directly: the proxy can cut the one without the other.
 */
function serverWithLockVia(
  t: Parameters<typeof buildTestApp>[0],
  url: string,
  proxy: TcpProxy,
  env: Record<string, string>,
): Promise<TestApp> {
  return buildTestApp(
    t,
    { ...env, DATABASE_MIGRATION_URL: throughProxy(url, proxy), DATABASE_PREPARED_STATEMENTS: 'true' },
    { database: url },
  )
}

/**
 * Sends `user`'s token to every app, over and over, for `forMs`: the statuses each answered. Each app
 * has one request in flight at a time, as a client in a loop would.
 */
async function hammer(apps: FastifyInstance[], user: TestUser, forMs: number): Promise<number[][]> {
  const until = Date.now() + forMs
  return Promise.all(
    apps.map(async (app) => {
      const statuses: number[] = []
      while (Date.now() < until) statuses.push((await me(app, user)).statusCode)
      return statuses
    }),
  )
}

/** Keeps `user`'s token fresh in `app`'s cache (a read every few milliseconds) until stopped. */
function keepWarm(app: FastifyInstance, user: TestUser): { stop: () => Promise<void> } {
  const running = { now: true }
  const loop = (async () => {
    while (running.now) {
      await me(app, user)
      await sleep(5)
    }
  })()
  return {
    stop: async () => {
      running.now = false
      await loop
    },
  }
}

const SESSION_CACHE_MS = 1000

describe('the sole instance on a PostgreSQL database', POSTGRES_ONLY, () => {
  it('is alone until another joins, and alone again once the other leaves', async (t) => {
    const url = await freshDatabaseUrl(t, 'postgres')
    const first = await SoleInstance.join({ url, retryMs: 100 })
    t.after(() => first.close())
    assert.equal(first.tenure(), 1, 'alone')
    const second = await SoleInstance.join({ url, retryMs: 100 })
    assert.equal(first.tenure(), undefined, 'the first stepped aside before the second finished joining')
    assert.equal(second.tenure(), undefined, 'the second is not alone either')
    await sleep(300) // several retries: neither becomes alone while both are there
    assert.equal(first.tenure(), undefined)
    assert.equal(second.tenure(), undefined)
    await second.close()
    await until('alone again', () => first.tenure() !== undefined, 5000)
    assert.equal(first.tenure(), 2, 'a new tenure: copies from the first one are not trusted')
  })

  it('an instance that does not step aside delays the start by the wait, and says so', async (t) => {
    const url = await freshDatabaseUrl(t, 'postgres')
    // Holds the exclusive lock and never listens: an instance stopped under a debugger.
    const stuck = await connected(url)
    t.after(() => stuck.end())
    await stuck.query('select pg_advisory_lock($1::bigint)', [SOLE_INSTANCE_LOCK_KEY])
    const logs: string[] = []
    const startedAt = Date.now()
    const arriving = await SoleInstance.join({
      url,
      waitMs: 300,
      retryMs: 100,
      log: (level, message) => logs.push(`${level}: ${message}`),
    })
    t.after(() => arriving.close())
    assert.ok(Date.now() - startedAt >= 300, 'waited')
    assert.equal(arriving.tenure(), undefined)
    assert.ok(
      logs.some((line) => line.startsWith('warn: ') && line.includes('did not step aside')),
      logs.join('\n'),
    )
    await stuck.query('select pg_advisory_unlock($1::bigint)', [SOLE_INSTANCE_LOCK_KEY])
    await until('alone once the other let go', () => arriving.tenure() !== undefined, 5000)
  })

  it('a lost lock connection ends being alone, and a new one takes it up again', async (t) => {
    const url = await freshDatabaseUrl(t, 'postgres')
    const instance = await SoleInstance.join({ url, retryMs: 100 })
    t.after(() => instance.close())
    assert.equal(instance.tenure(), 1)
    const admin = await connected(url)
    t.after(() => admin.end())
    const { rowCount } = await admin.query(
      `select pg_terminate_backend(pid) from pg_locks
        where locktype = 'advisory' and mode = 'ExclusiveLock' and database = (
          select oid from pg_database where datname = current_database())`,
    )
    assert.equal(rowCount, 1)
    await until('not alone once the connection is gone', () => instance.tenure() === undefined, 5000)
    await until('alone again on a new connection', () => instance.tenure() !== undefined, 5000)
    assert.equal(instance.tenure(), 2)
  })

  it('losing the hold empties the session cache before anything else runs, and a hold taken again trusts nothing before it settles', async (t) => {
    const url = await freshDatabaseUrl(t, 'postgres')
    const aloneAt: number[] = []
    const sole = await SoleInstance.join({
      url,
      retryMs: 100,
      log: (_level, message) => {
        if (message.startsWith('alone on the database')) aloneAt.push(Date.now())
      },
    })
    const cache = cacheWhileAlone(sole, new WriteWatch(() => false), 60_000, 10)
    t.after(() => cache.close())
    const found = {
      session: { id: 's', token_hash: 'h', created_at: 0, updated_at: 0 },
      user: {} as SessionWithUser['user'],
    }
    cache.keep('h', found, cache.stamp() ?? assert.fail('no stamp: not alone at start'), Date.now())
    assert.equal(cache.get('h', Date.now()), found, 'used while alone')

    sole.lose()
    // Synchronously: nothing is answered from the copy after this line.
    assert.equal(cache.size, 0, 'emptied')
    assert.equal(cache.get('h', Date.now()), undefined)
    assert.equal(cache.stamp(), undefined, 'nothing read now is kept')

    // The lock connection ended by the server: emptied the moment it is seen, not on the next use.
    cache.keep('h', found, cache.stamp() ?? (await untilStamp()), Date.now())
    assert.equal(cache.size, 1)
    const [holder] = await lockHolders(url)
    // Counted before the connection is ended: under load the hold may be taken again (100 ms later)
    // before the wait for its loss below has seen the loss.
    const seen = aloneAt.length
    await terminate(url, holder ?? assert.fail('no lock holder'))
    await until('not alone once the connection is ended', () => sole.tenure() === undefined, 5000)
    assert.equal(cache.size, 0, 'emptied the moment being alone ended')

    // Taken again, the hold is trusted only once it has settled (1500 ms by default).
    await until('alone again on a new connection', () => aloneAt.length > seen, 5000)
    const regainedAt = aloneAt.at(-1) ?? 0
    await until('trusted once settled', () => sole.tenure() !== undefined, 5000)
    assert.ok(
      Date.now() - regainedAt >= 1400,
      `trusted ${String(Date.now() - regainedAt)} ms after the hold was taken`,
    )
    assert.equal(cache.size, 0, 'starts from a cold cache')

    async function untilStamp() {
      await until('alone again', () => cache.stamp() !== undefined, 10_000)
      return cache.stamp() ?? assert.fail('no stamp')
    }
  })

  it('a lock connection that stops answering is not trusted beyond twice the probe interval', async (t) => {
    const url = await freshDatabaseUrl(t, 'postgres')
    const proxy = await proxyToPostgres(t)
    const sole = await SoleInstance.join({ url: throughProxy(url, proxy), probeMs: 100, retryMs: 100 })
    t.after(() => sole.close())
    await sleep(300) // a few probes answered
    assert.equal(sole.tenure(), 1)
    const cutAt = Date.now()
    await proxy.cut('blackhole') // the server still holds the key for it: nothing tells either side
    await until('not alone', () => sole.tenure() === undefined, 2000)
    assert.ok(Date.now() - cutAt <= 400, `trusted ${String(Date.now() - cutAt)} ms after the cut`)
    assert.equal(sole.counted(), false, 'nor counted among the instances')
  })

  it('when one of two servers loses its hold, no server answers a token after its revocation is answered', async (t) => {
    // The first's lock connection goes through a proxy: ended by the server, then kept from coming
    // back, while its pool still serves. The second becomes alone and keeps copies, and the first,
    // which it cannot see, revokes.
    const url = await freshDatabaseUrl(t, 'postgres')
    const proxy = await proxyToPostgres(t)
    const env = { SESSION_CACHE: `${String(SESSION_CACHE_MS)}ms` }
    const first = await serverWithLockVia(t, url, proxy, env)
    const [firstHolder] = await lockHolders(url)
    const second = await buildTestApp(t, env, { database: url })
    const user = await registerAndLogin(first.app)

    await terminate(url, firstHolder ?? assert.fail('no lock holder'))
    await proxy.cut('refuse')
    await until(
      'the second alone once the first is gone',
      () => second.logs().some((line) => String(line['msg']).includes('alone on the database')),
      10_000,
    )
    await sleep(1700) // and trusting it
    const warm = keepWarm(second.app, user)
    t.after(() => warm.stop())
    await sleep(100)
    const revoked = await first.app.inject({
      method: 'DELETE',
      url: `/v1/sessions/${user.sessionId}`,
      headers: user.auth,
    })
    assert.equal(revoked.statusCode, 204)
    await warm.stop()
    const [byFirst, bySecond] = await hammer([first.app, second.app], user, 2 * SESSION_CACHE_MS)
    assert.deepEqual(new Set(byFirst), new Set([401]), 'the first')
    assert.deepEqual(new Set(bySecond), new Set([401]), 'the second')
  })

  it('a server alone whose lock connection goes silent answers no token revoked by a newcomer after the revocation is answered', async (t) => {
    const url = await freshDatabaseUrl(t, 'postgres')
    const proxy = await proxyToPostgres(t)
    const env = { SESSION_CACHE: `${String(SESSION_CACHE_MS)}ms` }
    const first = await serverWithLockVia(t, url, proxy, env)
    const user = await registerAndLogin(first.app)
    const warm = keepWarm(first.app, user)
    t.after(() => warm.stop())
    // Silent: nothing tells the first, and the server holds the key for it until the first gives up
    // the connection; meanwhile the newcomer asks it to step aside, hears nothing, and starts anyway.
    await proxy.cut('blackhole')
    const second = await buildTestApp(t, env, { database: url })
    const revoked = await second.app.inject({
      method: 'DELETE',
      url: `/v1/sessions/${user.sessionId}`,
      headers: user.auth,
    })
    assert.equal(revoked.statusCode, 204)
    await warm.stop()
    const [byFirst, bySecond] = await hammer([first.app, second.app], user, 2 * SESSION_CACHE_MS)
    assert.deepEqual(new Set(byFirst), new Set([401]), 'the first')
    assert.deepEqual(new Set(bySecond), new Set([401]), 'the second')
  })

  it('a second server on the database makes the first stop using its session copies before it serves', async (t) => {
    const first = await buildTestApp(t, { SESSION_CACHE: '1m' })
    const alone = await registerAndLogin(first.app)
    const later = await registerAndLogin(first.app)
    assert.equal((await me(first.app, alone)).statusCode, 200)
    assert.equal((await me(first.app, later)).statusCode, 200)
    const outside = await connected(first.databaseUrl)
    t.after(() => outside.end())
    // Alone, the first answers from its copy: a delete by another connection is not seen yet.
    await outside.query('delete from sessions where id = $1', [alone.sessionId])
    assert.equal((await me(first.app, alone)).statusCode, 200, 'answered from the cache while alone')

    const second = await buildTestApp(t, { SESSION_CACHE: '1m' }, { database: first.databaseUrl })
    assert.ok(
      first.logs().some((line) => String(line['msg']).includes('another instance joined the database')),
      'the first says why its cache is off',
    )
    // A logout through the second holds on the first at once.
    const logout = await second.app.inject({
      method: 'DELETE',
      url: `/v1/sessions/${later.sessionId}`,
      headers: later.auth,
    })
    assert.equal(logout.statusCode, 204)
    assert.equal((await me(first.app, later)).statusCode, 401, 'the logout on the other instance holds here')
    assert.equal((await me(first.app, alone)).statusCode, 401, 'the earlier outside delete too')
  })
})
