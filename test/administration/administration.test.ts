import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { buildTestApp, json, login, me, TEST_ENGINE, type TestUser } from '../helpers.js'
import { dataOf, errorOf, type ListBody } from '../content-helpers.js'
import { auditRows, castOf, grantRole } from '../moderation-helpers.js'

// Accounts as admins manage them: listing and searching, roles, disabling (everywhere at once, the
// session cache and a second instance included), the last admin kept, and each change audited.

interface AdminUser {
  id: string
  email: string
  role: string
  disabled: boolean
  links: { self: string; posts: string }
}

function patchUser(app: FastifyInstance, admin: TestUser, id: string, payload: object) {
  return app.inject({ method: 'PATCH', url: `/v1/users/${id}`, headers: admin.auth, payload })
}

describe('listing and reading accounts', () => {
  it('lists accounts newest first, by email prefix whatever its case, page by page', async (t) => {
    const { app, db } = await buildTestApp(t)
    const { author, member, moderator, admin } = await castOf(app, db)
    const all = dataOf<AdminUser[]>(
      await app.inject({ method: 'GET', url: '/v1/users', headers: admin.auth }),
      200,
    )
    assert.deepEqual(
      all.map((user) => user.id),
      [author, member, moderator, admin]
        .map((user) => user.id)
        .sort()
        .reverse(),
    )
    const found = all.find((user) => user.id === moderator.id)
    assert.equal(found?.role, 'moderator')
    assert.equal(found.disabled, false)
    assert.equal(found.links.self, `/v1/users/${moderator.id}`)
    assert.equal(JSON.stringify(all).includes('password'), false)
    assert.equal(JSON.stringify(all).includes('preferences'), false)

    const prefix = member.email.slice(0, member.email.indexOf('.') + 1).toUpperCase()
    const search = await app.inject({
      method: 'GET',
      url: `/v1/users?email=${encodeURIComponent(prefix)}`,
      headers: admin.auth,
    })
    assert.deepEqual(
      dataOf<AdminUser[]>(search, 200).map((user) => user.id),
      [member.id],
    )
    const none = await app.inject({ method: 'GET', url: '/v1/users?email=zzz', headers: admin.auth })
    assert.deepEqual(dataOf<AdminUser[]>(none, 200), [])
    const first = json<ListBody<AdminUser>>(
      await app.inject({ method: 'GET', url: '/v1/users?limit=3', headers: admin.auth }),
    )
    assert.equal(first.data.length, 3)
    const rest = await app.inject({
      method: 'GET',
      url: `/v1/users?limit=3&pagetoken=${first.next_page_token ?? ''}`,
      headers: admin.auth,
    })
    // The cast registers at once, so its oldest account is whichever registered first.
    const [oldest] = [author, member, moderator, admin].map((user) => user.id).sort()
    assert.deepEqual(
      dataOf<AdminUser[]>(rest, 200).map((user) => user.id),
      [oldest],
    )

    const one = await app.inject({ method: 'GET', url: `/v1/users/${author.id}`, headers: admin.auth })
    assert.equal(dataOf<AdminUser>(one, 200).email, author.email)
    errorOf(
      await app.inject({
        method: 'GET',
        url: '/v1/users/0190a000-0000-7000-8000-000000000000',
        headers: admin.auth,
      }),
      404,
    )
    errorOf(
      await app.inject({ method: 'GET', url: `/v1/users?email=${'a'.repeat(300)}`, headers: admin.auth }),
      422,
    )
    // PostgreSQL cannot compare with NUL: refused on both engines alike.
    errorOf(await app.inject({ method: 'GET', url: '/v1/users?email=a%00b', headers: admin.auth }), 422)
  })
})

describe('roles', () => {
  it('a new role takes effect on the next request, with its permissions on /me, audited', async (t) => {
    const { app, db, logs } = await buildTestApp(t, { SESSION_CACHE: '1m' })
    const { member, admin } = await castOf(app, db)
    assert.deepEqual(dataOf<{ permissions: string[] }>(await me(app, member), 200).permissions, [])
    errorOf(await app.inject({ method: 'GET', url: '/v1/reports', headers: member.auth }), 403)

    const changed = dataOf<AdminUser>(await patchUser(app, admin, member.id, { role: 'moderator' }), 200)
    assert.equal(changed.role, 'moderator')
    const profile = dataOf<{ role: string; permissions: string[] }>(await me(app, member), 200)
    assert.equal(profile.role, 'moderator')
    assert.deepEqual(profile.permissions, ['posts:moderate', 'comments:moderate', 'reports:review'])
    assert.equal(
      (await app.inject({ method: 'GET', url: '/v1/reports', headers: member.auth })).statusCode,
      200,
    )
    const adminProfile = dataOf<{ permissions: string[] }>(await me(app, admin), 200)
    assert.deepEqual(adminProfile.permissions, [
      'posts:moderate',
      'comments:moderate',
      'reports:review',
      'users:manage',
      'audit:read',
    ])

    // The same role again changes nothing and records nothing.
    dataOf(await patchUser(app, admin, member.id, { role: 'moderator' }), 200)
    dataOf(await patchUser(app, admin, member.id, { role: 'member' }), 200)
    errorOf(await app.inject({ method: 'GET', url: '/v1/reports', headers: member.auth }), 403)
    assert.ok(errorOf(await patchUser(app, admin, member.id, { role: 'owner' }), 422).fields?.['role'])
    assert.ok(
      errorOf(await patchUser(app, admin, member.id, { email: 'x@example.com' }), 422).fields?.['email'],
    )

    const audit = await auditRows(db)
    assert.deepEqual(
      audit.map((row) => [row.actor_id, row.action, row.target_type, row.target_id, row.note]),
      [
        [admin.id, 'user.role', 'user', member.id, 'member → moderator'],
        [admin.id, 'user.role', 'user', member.id, 'moderator → member'],
      ],
    )
    const events = logs().filter((line) => line['event'] === 'moderation.action')
    assert.deepEqual(
      events.map((line) => line['action']),
      ['user.role', 'user.role'],
    )
  })

  it('the last enabled admin can neither demote nor disable themself; with two, one may go', async (t) => {
    const { app, db } = await buildTestApp(t)
    const { member, admin } = await castOf(app, db)
    assert.equal(errorOf(await patchUser(app, admin, admin.id, { role: 'moderator' }), 409).code, 'CONFLICT')
    errorOf(await patchUser(app, admin, admin.id, { disabled: true }), 409)
    assert.equal(dataOf<{ role: string }>(await me(app, admin), 200).role, 'admin')
    // A disabled admin does not count.
    await grantRole(db, member.id, 'admin')
    dataOf(await patchUser(app, admin, member.id, { disabled: true }), 200)
    errorOf(await patchUser(app, admin, admin.id, { role: 'member' }), 409)
    dataOf(await patchUser(app, admin, member.id, { disabled: false }), 200)
    const second = await login(app, member)
    const again = {
      ...member,
      auth: { authorization: `Bearer ${dataOf<{ token: string }>(second, 201).token}` },
    }
    dataOf(await patchUser(app, again, admin.id, { role: 'member' }), 200)
    errorOf(await patchUser(app, again, again.id, { role: 'member' }), 409)
  })
})

describe('disabling accounts', () => {
  it('signs the account out everywhere at once, cached sessions and a second instance included', async (t) => {
    // Copies kept a minute; several workers on SQLite, so each copy asks whether another process wrote.
    const env = { SESSION_CACHE: '1m', ...(TEST_ENGINE === 'sqlite' ? { WORKERS: '2' } : {}) }
    const first = await buildTestApp(t, env)
    const second = await buildTestApp(t, env, { database: first.databaseUrl })
    const { member, admin } = await castOf(first.app, first.db)
    const elsewhere = dataOf<{ token: string }>(await login(second.app, member), 201)
    const other = { ...member, auth: { authorization: `Bearer ${elsewhere.token}` } }
    // Both sessions are read, and kept, by both instances.
    for (const app of [first.app, second.app]) {
      for (const user of [member, other]) assert.equal((await me(app, user)).statusCode, 200)
    }

    const disabled = dataOf<AdminUser>(await patchUser(first.app, admin, member.id, { disabled: true }), 200)
    assert.equal(disabled.disabled, true)
    for (const app of [first.app, second.app]) {
      for (const user of [member, other]) errorOf(await me(app, user), 401)
    }
    const sessions = await first.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', member.id)
      .execute()
    assert.deepEqual(sessions, [])

    // The right password is refused as disabled; a wrong one stays a plain 401.
    assert.equal(errorOf(await login(second.app, member), 403).code, 'ACCOUNT_DISABLED')
    assert.equal(
      errorOf(await login(first.app, { ...member, password: 'not the password at all' }), 401).code,
      'UNAUTHENTICATED',
    )
    assert.ok(
      first.logs().some((line) => line['event'] === 'auth.login.disabled') ||
        second.logs().some((line) => line['event'] === 'auth.login.disabled'),
    )
    const read = await first.app.inject({ method: 'GET', url: `/v1/users/${member.id}`, headers: admin.auth })
    assert.equal(dataOf<AdminUser>(read, 200).disabled, true)

    dataOf(await patchUser(second.app, admin, member.id, { disabled: false }), 200)
    dataOf(await login(first.app, member), 201)
    assert.deepEqual(
      (await auditRows(first.db)).map((row) => [row.actor_id, row.action, row.target_id, row.note]),
      [
        [admin.id, 'user.disable', member.id, null],
        [admin.id, 'user.enable', member.id, null],
      ],
    )
  })
})

describe('the audit log', () => {
  it('lists every action newest first, to admins only, and no route deletes it', async (t) => {
    const { app, db } = await buildTestApp(t)
    const { member, moderator, admin } = await castOf(app, db)
    dataOf(await patchUser(app, admin, member.id, { role: 'moderator' }), 200)
    dataOf(await patchUser(app, admin, member.id, { disabled: true }), 200)
    dataOf(await patchUser(app, admin, member.id, { disabled: false, role: 'member' }), 200)
    const page = await app.inject({ method: 'GET', url: '/v1/audit-events?limit=2', headers: admin.auth })
    const body = json<ListBody<{ action: string; actor_id: string; created_at: string }>>(page)
    assert.deepEqual(
      body.data.map((event) => event.action),
      ['user.enable', 'user.role'],
    )
    assert.equal(body.data[0]?.actor_id, admin.id)
    assert.ok(body.next_page_token)
    errorOf(await app.inject({ method: 'GET', url: '/v1/audit-events', headers: moderator.auth }), 403)
    for (const method of ['DELETE', 'POST', 'PATCH'] as const) {
      errorOf(await app.inject({ method, url: '/v1/audit-events', headers: admin.auth }), 405)
    }
  })
})
