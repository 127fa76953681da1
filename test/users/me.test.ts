import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { buildTestApp, json, registerAndLogin, strongPassword, type TestUser } from '../helpers.js'

interface UserBody {
  id: string
  email: string
  display_name: string | null
  preferences: Record<string, unknown>
  email_verified: boolean
  totp_enabled: boolean
  created_at: string
  updated_at: string
  links: Record<string, string>
  sessions?: Array<{ id: string; current: boolean }>
  posts?: unknown[]
}
interface ErrorResponse {
  error: { code: string; message: string; fields?: Record<string, string> }
}

function patchMe(
  app: FastifyInstance,
  user: TestUser,
  payload: unknown,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'PATCH',
    url: '/v1/me',
    headers: { ...user.auth, ...headers },
    payload: payload as object,
  })
}

describe('GET /v1/me', () => {
  it('returns the caller’s basic data with links', async (t) => {
    const { app } = await buildTestApp(t)
    const user = await registerAndLogin(app)
    const response = await app.inject({ method: 'GET', url: '/v1/me', headers: user.auth })
    assert.equal(response.statusCode, 200)
    const body = json<{ data: UserBody }>(response).data
    assert.deepEqual(Object.keys(body).sort(), [
      'created_at',
      'display_name',
      'email',
      'email_verified',
      'id',
      'links',
      'permissions',
      'preferences',
      'role',
      'totp_enabled',
      'updated_at',
    ])
    assert.equal(body.id, user.id)
    assert.equal(body.email_verified, false)
    assert.equal(body.totp_enabled, false)
    assert.equal((body as unknown as { role: string }).role, 'member')
    assert.deepEqual((body as unknown as { permissions: string[] }).permissions, [])
    assert.equal(body.email, user.email)
    assert.deepEqual(body.links, { self: '/v1/me', sessions: '/v1/sessions', posts: '/v1/me/posts' })
  })

  it('embeds the first page of sessions and posts with include', async (t) => {
    const { app } = await buildTestApp(t)
    const user = await registerAndLogin(app)
    const response = await app.inject({
      method: 'GET',
      url: '/v1/me?include=sessions,posts',
      headers: user.auth,
    })
    assert.equal(response.statusCode, 200)
    const body = json<{ data: UserBody }>(response).data
    assert.deepEqual(
      body.sessions?.map((session) => [session.id, session.current]),
      [[user.sessionId, true]],
    )
    assert.deepEqual(body.posts, [])
    const onlySessions = json<{ data: UserBody }>(
      await app.inject({ method: 'GET', url: '/v1/me?include=sessions', headers: user.auth }),
    ).data
    assert.ok(onlySessions.sessions && !('posts' in onlySessions))
  })

  it('answers 422 for an unknown include', async (t) => {
    const { app } = await buildTestApp(t)
    const user = await registerAndLogin(app)
    const response = await app.inject({
      method: 'GET',
      url: '/v1/me?include=sessions,secrets',
      headers: user.auth,
    })
    assert.equal(response.statusCode, 422)
    assert.ok(json<ErrorResponse>(response).error.fields?.['include'])
  })

  it('carries an ETag and answers 304 to If-None-Match until the profile changes', async (t) => {
    const { app } = await buildTestApp(t)
    const user = await registerAndLogin(app)
    const first = await app.inject({ method: 'GET', url: '/v1/me', headers: user.auth })
    const etag = String(first.headers['etag'])
    assert.match(etag, /^"v\d+-[0-9a-f-]+"$/)
    const cached = await app.inject({
      method: 'GET',
      url: '/v1/me',
      headers: { ...user.auth, 'if-none-match': etag },
    })
    assert.equal(cached.statusCode, 304)
    assert.equal(cached.body, '')
    await patchMe(app, user, { display_name: 'Changed' })
    const changed = await app.inject({
      method: 'GET',
      url: '/v1/me',
      headers: { ...user.auth, 'if-none-match': etag },
    })
    assert.equal(changed.statusCode, 200)
    assert.notEqual(changed.headers['etag'], etag)
  })
})

describe('PATCH /v1/me', () => {
  it('changes the display name and returns the updated user', async (t) => {
    const { app } = await buildTestApp(t)
    const user = await registerAndLogin(app)
    const response = await patchMe(app, user, { display_name: '  Ada L.  ' })
    assert.equal(response.statusCode, 200)
    const body = json<{ data: UserBody }>(response).data
    assert.equal(body.display_name, 'Ada L.')
    assert.ok(Date.parse(body.updated_at) >= Date.parse(body.created_at))
    const cleared = json<{ data: UserBody }>(await patchMe(app, user, { display_name: null })).data
    assert.equal(cleared.display_name, null)
  })

  it('merges preferences key by key, and a null value removes a key', async (t) => {
    const { app } = await buildTestApp(t)
    const user = await registerAndLogin(app)
    await patchMe(app, user, { preferences: { theme: 'dark', language: 'en', layout: { columns: 2 } } })
    const response = await patchMe(app, user, { preferences: { language: null, notifications: false } })
    assert.deepEqual(json<{ data: UserBody }>(response).data.preferences, {
      theme: 'dark',
      layout: { columns: 2 },
      notifications: false,
    })
    const fetched = json<{ data: UserBody }>(
      await app.inject({ method: 'GET', url: '/v1/me', headers: user.auth }),
    ).data
    assert.deepEqual(fetched.preferences, { theme: 'dark', layout: { columns: 2 }, notifications: false })
  })

  it('refuses preferences larger than 16 KiB once merged, leaving them unchanged', async (t) => {
    const { app } = await buildTestApp(t)
    const user = await registerAndLogin(app)
    await patchMe(app, user, { preferences: { a: 'x'.repeat(10_000) } })
    const response = await patchMe(app, user, { preferences: { b: 'y'.repeat(7_000) } })
    assert.equal(response.statusCode, 422)
    assert.ok(json<ErrorResponse>(response).error.fields?.['preferences'])
    const fetched = json<{ data: UserBody }>(
      await app.inject({ method: 'GET', url: '/v1/me', headers: user.auth }),
    ).data
    assert.deepEqual(Object.keys(fetched.preferences), ['a'])
  })

  it('answers 422 naming each read-only or unknown field', async (t) => {
    const { app } = await buildTestApp(t)
    const user = await registerAndLogin(app)
    for (const field of ['email', 'id', 'password', 'created_at', 'role']) {
      const response = await patchMe(app, user, { [field]: 'x' })
      assert.equal(response.statusCode, 422, field)
      assert.ok(json<ErrorResponse>(response).error.fields?.[field], field)
    }
  })

  it('answers 400 for wrongly typed values and 422 for invalid ones', async (t) => {
    const { app } = await buildTestApp(t)
    const user = await registerAndLogin(app)
    assert.equal((await patchMe(app, user, { preferences: 'dark' })).statusCode, 400)
    assert.equal((await patchMe(app, user, { preferences: [1, 2] })).statusCode, 400)
    assert.equal((await patchMe(app, user, { display_name: 7 })).statusCode, 400)
    assert.equal((await patchMe(app, user, { display_name: '' })).statusCode, 422)
    assert.equal((await patchMe(app, user, { display_name: 'x'.repeat(101) })).statusCode, 422)
  })

  it('answers 422, never a 500, for a display name with NUL, control characters or lone surrogates', async (t) => {
    const { app } = await buildTestApp(t)
    const user = await registerAndLogin(app)
    for (const displayName of ['Ada\u0000Lovelace', 'Ada\nLovelace', 'Ada \ud800']) {
      const response = await patchMe(app, user, { display_name: displayName })
      assert.equal(response.statusCode, 422, JSON.stringify(displayName))
      assert.ok(json<ErrorResponse>(response).error.fields?.['display_name'])
    }
    const registered = await app.inject({
      method: 'POST',
      url: '/v1/register',
      payload: { email: 'nul.name@example.com', password: strongPassword(), display_name: 'Nul\u0000Name' },
    })
    assert.equal(registered.statusCode, 422)
  })

  it('refuses prototype-polluting keys with 400', async (t) => {
    const { app } = await buildTestApp(t)
    const user = await registerAndLogin(app)
    const response = await app.inject({
      method: 'PATCH',
      url: '/v1/me',
      headers: { ...user.auth, 'content-type': 'application/json' },
      payload: '{"preferences":{"__proto__":{"admin":true}}}',
    })
    assert.equal(response.statusCode, 400)
  })

  it('honours If-Match: a stale ETag answers 412 and changes nothing', async (t) => {
    const { app } = await buildTestApp(t)
    const user = await registerAndLogin(app)
    const etag = String(
      (await app.inject({ method: 'GET', url: '/v1/me', headers: user.auth })).headers['etag'],
    )
    const first = await patchMe(app, user, { display_name: 'First' }, { 'if-match': etag })
    assert.equal(first.statusCode, 200)
    const stale = await patchMe(app, user, { display_name: 'Second' }, { 'if-match': etag })
    assert.equal(stale.statusCode, 412)
    assert.equal(json<ErrorResponse>(stale).error.code, 'PRECONDITION_FAILED')
    const current = json<{ data: UserBody }>(
      await app.inject({ method: 'GET', url: '/v1/me', headers: user.auth }),
    ).data
    assert.equal(current.display_name, 'First')
    const fresh = await patchMe(
      app,
      user,
      { display_name: 'Second' },
      { 'if-match': String(first.headers['etag']) },
    )
    assert.equal(fresh.statusCode, 200)
  })
})

describe('PUT /v1/me/password', () => {
  it('changes the password and signs out every other session', async (t) => {
    const { app } = await buildTestApp(t)
    const user = await registerAndLogin(app)
    const other = json<{ data: { token: string } }>(
      await app.inject({
        method: 'POST',
        url: '/v1/sessions',
        payload: { email: user.email, password: user.password },
      }),
    ).data.token
    const newPassword = strongPassword()
    const response = await app.inject({
      method: 'PUT',
      url: '/v1/me/password',
      headers: user.auth,
      payload: { current_password: user.password, new_password: newPassword },
    })
    assert.equal(response.statusCode, 200)
    assert.equal(json<{ data: UserBody }>(response).data.id, user.id)
    assert.equal(
      (await app.inject({ method: 'GET', url: '/v1/me', headers: { authorization: `Bearer ${other}` } }))
        .statusCode,
      401,
    )
    assert.equal((await app.inject({ method: 'GET', url: '/v1/me', headers: user.auth })).statusCode, 200)
    const oldLogin = await app.inject({
      method: 'POST',
      url: '/v1/sessions',
      payload: { email: user.email, password: user.password },
    })
    assert.equal(oldLogin.statusCode, 401)
    const newLogin = await app.inject({
      method: 'POST',
      url: '/v1/sessions',
      payload: { email: user.email, password: newPassword },
    })
    assert.equal(newLogin.statusCode, 201)
  })

  it('answers 422 for a wrong current password and for a new password the policy refuses', async (t) => {
    const { app } = await buildTestApp(t)
    const user = await registerAndLogin(app)
    const wrong = await app.inject({
      method: 'PUT',
      url: '/v1/me/password',
      headers: user.auth,
      payload: { current_password: 'not my password', new_password: strongPassword() },
    })
    assert.equal(wrong.statusCode, 422)
    assert.deepEqual(Object.keys(json<ErrorResponse>(wrong).error.fields ?? {}), ['current_password'])
    const weak = await app.inject({
      method: 'PUT',
      url: '/v1/me/password',
      headers: user.auth,
      payload: { current_password: user.password, new_password: 'password123' },
    })
    assert.equal(weak.statusCode, 422)
    assert.deepEqual(Object.keys(json<ErrorResponse>(weak).error.fields ?? {}), ['new_password'])
    const login = await app.inject({
      method: 'POST',
      url: '/v1/sessions',
      payload: { email: user.email, password: user.password },
    })
    assert.equal(login.statusCode, 201, 'the password is unchanged')
  })

  it('counts wrong current passwords toward the account’s failure limit', async (t) => {
    const { app } = await buildTestApp(t, { LOGIN_FAILURE_LIMIT: '2/15m' })
    const user = await registerAndLogin(app)
    const attempt = () =>
      app.inject({
        method: 'PUT',
        url: '/v1/me/password',
        headers: user.auth,
        payload: { current_password: 'guess guess guess', new_password: strongPassword() },
      })
    assert.equal((await attempt()).statusCode, 422)
    assert.equal((await attempt()).statusCode, 422)
    assert.equal((await attempt()).statusCode, 429)
  })

  it('answers 400 when a field is missing', async (t) => {
    const { app } = await buildTestApp(t)
    const user = await registerAndLogin(app)
    const response = await app.inject({
      method: 'PUT',
      url: '/v1/me/password',
      headers: user.auth,
      payload: { new_password: strongPassword() },
    })
    assert.equal(response.statusCode, 400)
  })
})

describe('DELETE /v1/me', () => {
  it('needs the password, then deletes the account and all its sessions', async (t) => {
    const { app, db } = await buildTestApp(t)
    const user = await registerAndLogin(app)
    const wrong = await app.inject({
      method: 'DELETE',
      url: '/v1/me',
      headers: user.auth,
      payload: { password: 'nope nope nope' },
    })
    assert.equal(wrong.statusCode, 422)
    assert.equal((await app.inject({ method: 'GET', url: '/v1/me', headers: user.auth })).statusCode, 200)

    const response = await app.inject({
      method: 'DELETE',
      url: '/v1/me',
      headers: user.auth,
      payload: { password: user.password },
    })
    assert.equal(response.statusCode, 204)
    assert.equal(response.body, '')
    assert.equal((await app.inject({ method: 'GET', url: '/v1/me', headers: user.auth })).statusCode, 401)
    assert.equal((await db.selectFrom('users').select('id').where('id', '=', user.id).execute()).length, 0)
    assert.equal(
      (await db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).length,
      0,
    )
  })

  it('deletes everything the account owns, and nothing of anyone else’s', async (t) => {
    const { app, db } = await buildTestApp(t)
    const leaving = await registerAndLogin(app, 'leaving')
    const staying = await registerAndLogin(app, 'staying')
    const post = async (user: TestUser) =>
      json<{ data: { id: string } }>(
        await app.inject({
          method: 'POST',
          url: '/v1/posts',
          headers: user.auth,
          payload: { title: 'A post' },
        }),
      ).data.id
    const comment = (user: TestUser, url: string) =>
      app.inject({ method: 'POST', url, headers: user.auth, payload: { body: 'A comment' } })
    const ownPost = await post(leaving)
    const otherPost = await post(staying)
    const upload = await app.inject({
      method: 'POST',
      url: `/v1/posts/${ownPost}/attachments?filename=notes.txt`,
      headers: { ...leaving.auth, 'content-type': 'text/plain' },
      payload: 'notes',
    })
    assert.equal(upload.statusCode, 201)
    const attachment = json<{ data: { id: string } }>(upload).data.id
    assert.equal(
      (await comment(staying, `/v1/posts/${ownPost}/attachments/${attachment}/comments`)).statusCode,
      201,
    )
    assert.equal((await comment(leaving, `/v1/posts/${otherPost}/comments`)).statusCode, 201)
    assert.equal((await comment(staying, `/v1/posts/${otherPost}/comments`)).statusCode, 201)

    const response = await app.inject({
      method: 'DELETE',
      url: '/v1/me',
      headers: leaving.auth,
      payload: { password: leaving.password },
    })
    assert.equal(response.statusCode, 204)
    const ids = async (table: 'posts' | 'attachments' | 'comments') =>
      (await db.selectFrom(table).select('id').execute()).length
    assert.equal(await ids('posts'), 1, 'only the other user’s post is left')
    assert.equal(await ids('attachments'), 0)
    const comments = await db.selectFrom('comments').select(['user_id', 'post_id']).execute()
    assert.deepEqual(comments, [{ user_id: staying.id, post_id: otherPost }])
  })

  it('frees the email for a new registration', async (t) => {
    const { app } = await buildTestApp(t)
    const user = await registerAndLogin(app)
    await app.inject({
      method: 'DELETE',
      url: '/v1/me',
      headers: user.auth,
      payload: { password: user.password },
    })
    const again = await app.inject({
      method: 'POST',
      url: '/v1/register',
      payload: { email: user.email, password: strongPassword() },
    })
    assert.equal(again.statusCode, 201)
  })

  it('answers 400 without a body', async (t) => {
    const { app } = await buildTestApp(t)
    const user = await registerAndLogin(app)
    assert.equal((await app.inject({ method: 'DELETE', url: '/v1/me', headers: user.auth })).statusCode, 400)
  })
})
