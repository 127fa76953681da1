import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import { SOLE_INSTANCE_LOCK_KEY, SoleInstance } from '../../src/db/postgres-sole-instance.js'
import { buildTestApp, freshDatabaseUrl, registerAndLogin, TEST_ENGINE, type TestUser } from '../helpers.js'
import type { FastifyInstance } from 'fastify'

// Whether an instance is alone on its PostgreSQL database (db/postgres-sole-instance.ts), which is
// when its session cache may be used: an arriving instance must make the one that is alone stop
// before it serves anything, and being alone comes back once the others have gone.

const POSTGRES_ONLY = { skip: TEST_ENGINE !== 'postgres' && 'runs in the PostgreSQL pass' }

async function until(condition: () => boolean, what: string, limitMs = 5000): Promise<void> {
  const deadline = Date.now() + limitMs
  while (!condition()) {
    if (Date.now() > deadline) assert.fail(`${what}: not within ${String(limitMs)} ms`)
    await sleep(20)
  }
}

async function connected(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url })
  client.on('error', () => undefined) // the database is dropped (with force) when the test ends
  await client.connect()
  return client
}

function me(app: FastifyInstance, user: TestUser) {
  return app.inject({ method: 'GET', url: '/v1/me', headers: user.auth })
}

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
    await until(() => first.tenure() !== undefined, 'alone again')
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
    await until(() => arriving.tenure() !== undefined, 'alone once the other let go')
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
    await until(() => instance.tenure() === undefined, 'not alone once the connection is gone')
    await until(() => instance.tenure() !== undefined, 'alone again on a new connection')
    assert.equal(instance.tenure(), 2)
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
