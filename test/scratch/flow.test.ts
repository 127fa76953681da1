import { test } from 'node:test'
import { buildTestApp, json, registerAndLogin } from '../helpers.js'

test('flow', async (t) => {
  const { app } = await buildTestApp(t)
  const u = await registerAndLogin(app)
  for (const [method, url, payload] of [
    ['GET', '/v1/me', undefined],
    ['GET', '/v1/me?include=sessions,posts', undefined],
    ['PATCH', '/v1/me', { display_name: 'Al', preferences: { theme: 'dark' } }],
    ['GET', '/v1/sessions', undefined],
    ['POST', '/v1/register', { email: 'bad', password: 'short' }],
    ['POST', '/v1/register', { password: 'x' }],
    ['POST', '/v1/register', { email: 5, password: 'xxxxxxxxxxxxxxx' }],
    ['PATCH', '/v1/me', { email: 'x@y.com' }],
    ['PATCH', '/v1/me', { display_name: '' }],
    ['GET', '/v1/sessions?limit=abc', undefined],
    ['GET', '/v1/sessions?limit=0', undefined],
    ['DELETE', '/v1/sessions/others', undefined],
    ['DELETE', '/v1/sessions/nope', undefined],
  ] as const) {
    const r = await app.inject({ method, url, payload, headers: u.auth })
    console.log(method, url, r.statusCode, r.headers['etag'] ?? '', r.body.slice(0, 400))
  }
  const r = await app.inject({
    method: 'POST',
    url: '/v1/sessions',
    payload: { email: u.email, password: 'wrong' },
  })
  console.log(r.statusCode, r.body, json(r))
})
