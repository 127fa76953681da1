import assert from 'node:assert/strict'
import { join } from 'node:path'
import { describe, it, type TestContext } from 'node:test'
import { insertUser } from '../../src/accounts/users.queries.js'
import { loadConfig } from '../../src/config.js'
import { createDb, type Db } from '../../src/db/database.js'
import { migrateToLatest } from '../../src/db/migrate.js'
import { newId } from '../../src/ids.js'
import {
  ensureBuilt,
  ROOT,
  runNode,
  send,
  startListening,
  waitUntil,
  type CommandRun,
} from '../e2e/built-server.js'
import { freshDatabaseUrl, strongPassword, uniqueEmail } from '../helpers.js'

// `npm run admin -- role EMAIL ROLE`, the built form (dist/administration/cli.js) spawned as a real
// process on the test's engine: on a database no server uses, and beside a running server, which
// sees the new role without a restart.

/** `npm run admin -- ARGS`, built, on the database at `databaseUrl`. */
function runAdmin(databaseUrl: string, args: string[]): Promise<CommandRun> {
  return runNode([join(ROOT, 'dist', 'administration', 'cli.js'), ...args], { DATABASE_URL: databaseUrl })
}

/** The test's own handle on the database, closed when the test ends. */
function open(t: TestContext, databaseUrl: string): Db {
  const db = createDb(loadConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' }).database)
  t.after(() => db.destroy())
  return db
}

async function addUser(db: Db, email: string): Promise<string> {
  const now = Date.now()
  const id = newId(now)
  await insertUser(db, {
    id,
    email,
    password_hash: 'not a usable hash',
    display_name: null,
    preferences: '{}',
    version: 1,
    credentials_version: 1,
    created_at: now,
    updated_at: now,
  })
  return id
}

describe('npm run admin -- role', () => {
  it('sets a role on a database no server uses, audited without an actor; keeps the last admin', async (t) => {
    await ensureBuilt(t)
    const url = await freshDatabaseUrl(t)
    const db = open(t, url)
    await migrateToLatest(db)
    const email = uniqueEmail('first-admin')
    const id = await addUser(db, email)

    const made = await runAdmin(url, ['role', email.toUpperCase(), 'admin'])
    assert.equal(made.code, 0, made.stderr)
    assert.match(made.stdout, /now has the role admin/)
    assert.match(made.stderr, /"event":"moderation.action"/)
    const row = await db.selectFrom('users').select('role').where('id', '=', id).executeTakeFirstOrThrow()
    assert.equal(row.role, 'admin')

    const demoted = await runAdmin(url, ['role', email, 'member'])
    assert.equal(demoted.code, 1)
    assert.match(demoted.stderr, /refused: This is the last admin/)

    const unknown = await runAdmin(url, ['role', 'nobody@example.com', 'admin'])
    assert.equal(unknown.code, 1)
    assert.match(unknown.stderr, /no account has the email/)
    for (const args of [['role', email, 'owner'], ['role', email], ['rank', email, 'admin'], []]) {
      const wrong = await runAdmin(url, args)
      assert.equal(wrong.code, 2, args.join(' '))
      assert.match(wrong.stderr, /usage:/)
    }

    const audit = await db.selectFrom('audit_events').selectAll().execute()
    assert.deepEqual(
      audit.map((event) => [event.actor_id, event.action, event.target_type, event.target_id, event.note]),
      [[null, 'user.role', 'user', id, 'member → admin']],
    )
  })

  it('sets a role beside a running server, which grants its permissions without a restart', async (t) => {
    await ensureBuilt(t)
    const url = await freshDatabaseUrl(t)
    const server = await startListening(t, { DATABASE_URL: url })
    const email = uniqueEmail('admin')
    const password = strongPassword()
    const registered = await send(server.port, 'POST', '/v1/register', { body: { email, password } })
    assert.equal(registered.status, 201, registered.body)
    const login = await send(server.port, 'POST', '/v1/sessions', { body: { email, password } })
    const token = (JSON.parse(login.body) as { data: { token: string } }).data.token
    const headers = { authorization: `Bearer ${token}` }
    assert.equal((await send(server.port, 'GET', '/v1/audit-events', { headers })).status, 403)

    const made = await runAdmin(url, ['role', email, 'admin'])
    assert.equal(made.code, 0, made.stderr)
    // The server's session cache keeps a copy at most SESSION_CACHE (1 s by default).
    const events = await waitUntil('the new role to take effect', async () => {
      const answer = await send(server.port, 'GET', '/v1/audit-events', { headers })
      return answer.status === 200 ? answer : undefined
    })
    const listed = JSON.parse(events.body) as { data: Array<{ action: string; actor_id: string | null }> }
    assert.deepEqual(
      listed.data.map((event) => [event.action, event.actor_id]),
      [['user.role', null]],
    )
    const me = JSON.parse((await send(server.port, 'GET', '/v1/me', { headers })).body) as {
      data: { role: string; permissions: string[] }
    }
    assert.equal(me.data.role, 'admin')
    assert.ok(me.data.permissions.includes('users:manage'))
  })
})
