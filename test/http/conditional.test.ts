import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { buildTestApp, registerAndLogin } from '../helpers.js'

// An answer that depends on the caller must not be matched to another caller's copy: a browser
// revalidating `GET /v1/me` as a second account was answered 304 and showed the first account's
// profile (seen in the moderation browser test).
describe('conditional answers', () => {
  it('vary by Authorization, so no cache hands one account’s copy to another', async (t) => {
    const { app } = await buildTestApp(t)
    const [ada, bob] = await Promise.all([registerAndLogin(app, 'ada'), registerAndLogin(app, 'bob')])
    const first = await app.inject({ url: '/v1/me', headers: ada.auth })
    const second = await app.inject({ url: '/v1/me', headers: bob.auth })
    assert.match(String(first.headers['vary']), /\bAuthorization\b/)
    assert.notEqual(first.headers['etag'], second.headers['etag'], 'the same version, each its own ETag')
    const revalidated = await app.inject({
      url: '/v1/me',
      headers: { ...bob.auth, 'if-none-match': String(first.headers['etag']) },
    })
    assert.equal(revalidated.statusCode, 200, 'another account’s ETag is not a match')
    assert.equal(revalidated.json<{ data: { id: string } }>().data.id, bob.id)
  })

  it('keep Vary: Origin beside it when CORS names its origins', async (t) => {
    const { app } = await buildTestApp(t, { CORS_ORIGINS: 'https://app.example' })
    const user = await registerAndLogin(app)
    const answer = await app.inject({
      url: '/v1/me',
      headers: { ...user.auth, origin: 'https://app.example' },
    })
    assert.equal(answer.headers['vary'], 'Origin, Authorization')
  })
})
