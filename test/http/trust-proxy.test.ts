import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { buildTestApp, json, TEST_ENGINE } from '../helpers.js'

// TRUST_PROXY=true lets any client pick its address (the left-most X-Forwarded-For entry).
const skip = TEST_ENGINE === 'postgres' ? 'engine-independent; runs in the SQLite pass' : false

async function loginIp(app: Awaited<ReturnType<typeof buildTestApp>>['app'], forwardedFor: string) {
  const email = `proxy${Date.now()}${Math.random().toString(16).slice(2, 8)}@example.com`
  const password = 'correct horse proxy staple'
  await app.inject({ method: 'POST', url: '/v1/register', payload: { email, password } })
  const login = await app.inject({
    method: 'POST',
    url: '/v1/sessions',
    payload: { email, password },
    headers: { 'x-forwarded-for': forwardedFor },
    remoteAddress: '10.0.0.5',
  })
  return json<{ data: { metadata: { ip: string } } }>(login).data.metadata.ip
}

describe('TRUST_PROXY', { skip }, () => {
  it('true logs a start-up warning that recommends a hop count or proxy addresses', async (t) => {
    const { logs } = await buildTestApp(t, { TRUST_PROXY: 'true' })
    const warning = logs().find((line) => line['setting'] === 'TRUST_PROXY')
    assert.ok(warning, 'a warning was logged')
    assert.equal(warning['level'], 40)
    assert.match(String(warning['msg']), /hops/)
  })

  it('a hop count or a proxy list logs no warning', async (t) => {
    for (const value of ['1', '10.0.0.0/8', 'false']) {
      const { logs } = await buildTestApp(t, { TRUST_PROXY: value })
      assert.equal(logs().filter((line) => line['setting'] === 'TRUST_PROXY').length, 0, value)
    }
  })

  it('with one trusted hop a forged left-most X-Forwarded-For entry is ignored', async (t) => {
    const { app } = await buildTestApp(t, { TRUST_PROXY: '1' })
    assert.equal(await loginIp(app, '6.6.6.6, 198.51.100.9'), '198.51.100.9')
    const listed = await buildTestApp(t, { TRUST_PROXY: '10.0.0.0/8' })
    assert.equal(await loginIp(listed.app, '6.6.6.6, 198.51.100.9'), '198.51.100.9')
  })
})
