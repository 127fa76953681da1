import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { buildTestApp, json, registerAndLogin, TEST_ENGINE, uniqueEmail } from '../helpers.js'
import { corpus, sha1, standIn } from './breach-stand-in.js'

// PASSWORD_BREACH_CHECK=hibp refuses passwords from breach corpuses through the k-anonymity
// range API, tested against a local stand-in that speaks the same format.
const skip = TEST_ENGINE === 'postgres' ? 'engine-independent; runs in the SQLite pass' : false

const BREACHED = 'Summer2024!'

function register(app: Awaited<ReturnType<typeof buildTestApp>>['app'], password: string) {
  return app.inject({ method: 'POST', url: '/v1/register', payload: { email: uniqueEmail(), password } })
}

describe('breached passwords', { skip }, () => {
  it('a password listed in the corpus is refused at registration and on change; only a 5-character prefix is sent', async (t) => {
    const hibp = await standIn(t, corpus({ [BREACHED]: 120_000 }))
    const { app } = await buildTestApp(t, {
      PASSWORD_BREACH_CHECK: 'hibp',
      PASSWORD_BREACH_CHECK_URL: hibp.url,
    })
    const refused = await register(app, BREACHED)
    assert.equal(refused.statusCode, 422)
    assert.match(
      json<{ error: { fields: Record<string, string> } }>(refused).error.fields['password'] ?? '',
      /breach/,
    )
    assert.deepEqual(hibp.paths, [`/range/${sha1(BREACHED).slice(0, 5)}`])

    const user = await registerAndLogin(app)
    const change = await app.inject({
      method: 'PUT',
      url: '/v1/me/password',
      headers: user.auth,
      payload: { current_password: user.password, new_password: BREACHED },
    })
    assert.equal(change.statusCode, 422)
    assert.deepEqual(Object.keys(json<{ error: { fields: object } }>(change).error.fields), ['new_password'])
    for (const path of hibp.paths) assert.match(path, /^\/range\/[0-9A-F]{5}$/)
  })

  it('a password absent from the corpus, or present only as padding, is accepted', async (t) => {
    const hibp = await standIn(t, corpus({ 'some other leaked password': 3 }))
    const { app } = await buildTestApp(t, {
      PASSWORD_BREACH_CHECK: 'hibp',
      PASSWORD_BREACH_CHECK_URL: hibp.url,
    })
    assert.equal((await register(app, BREACHED)).statusCode, 201)
    assert.equal(hibp.paths.length, 1)
  })

  it('off (the default) never calls the service', async (t) => {
    const hibp = await standIn(t, corpus({ [BREACHED]: 1 }))
    const { app } = await buildTestApp(t, { PASSWORD_BREACH_CHECK_URL: hibp.url })
    assert.equal((await register(app, BREACHED)).statusCode, 201)
    assert.equal(hibp.paths.length, 0)
  })

  it('fails open with a logged warning when the service is slow, failing or unreachable', async (t) => {
    const slow = await standIn(t, (_request, response) => {
      setTimeout(() => response.end(`${sha1(BREACHED).slice(5)}:9`), 1500)
    })
    const failing = await standIn(t, (_request, response) => {
      response.statusCode = 503
      response.end('busy')
    })
    const closed = await standIn(t, (request) => {
      request.socket.destroy()
    })
    for (const url of [slow.url, failing.url, closed.url]) {
      const { app, logs } = await buildTestApp(t, {
        PASSWORD_BREACH_CHECK: 'hibp',
        PASSWORD_BREACH_CHECK_URL: url,
      })
      const started = Date.now()
      assert.equal((await register(app, BREACHED)).statusCode, 201, url)
      assert.ok(Date.now() - started < 1900, 'the lookup gives up after about a second')
      const warning = logs().find((line) =>
        String(line['msg']).startsWith('password breach check unavailable'),
      )
      assert.ok(warning, `a warning was logged for ${url}`)
      assert.equal(warning['level'], 40)
    }
  })
})
