import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { buildTestApp, registerAndLogin } from '../helpers.js'

// An ETag is an object's version, the same for two accounts at the same version, so an answer that
// depends on the caller must tell caches so: a browser revalidating `GET /v1/me` as a second account
// was answered 304 and showed the first account's profile (seen in the moderation browser test).
describe('conditional answers', () => {
  it('vary by Authorization, so no cache hands one account’s copy to another', async (t) => {
    const { app } = await buildTestApp(t)
    const [ada, bob] = await Promise.all([registerAndLogin(app, 'ada'), registerAndLogin(app, 'bob')])
    const first = await app.inject({ url: '/v1/me', headers: ada.auth })
    const second = await app.inject({ url: '/v1/me', headers: bob.auth })
    assert.equal(first.headers['etag'], second.headers['etag'], 'the same version, the same ETag')
    assert.match(String(first.headers['vary']), /\bAuthorization\b/)
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
