import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { InjectOptions } from 'fastify'
import { buildTestApp, json, registerAndLogin, strongPassword, uniqueEmail } from '../helpers.js'
import { createAttachment, createPost, uploadRaw, type ErrorBody } from '../content-helpers.js'

// A form shows each message of a 422's (or 400's) `fields` beside its field as it is, so every one
// must be a whole sentence naming the field, whichever producer wrote it: schema validation, a
// route's own checks, the password policy, token checks, uploads.

const SENTENCE = /^[A-Z][^]*\.$/
const WELL_FORMED_TOKEN = 'A'.repeat(43)

describe('field messages', () => {
  it('every fields value of every invalid request is a capitalised sentence ending with a period', async (t) => {
    const { app } = await buildTestApp(t)
    const user = await registerAndLogin(app)
    const post = await createPost(app, user)
    const file = await createAttachment(app, user, post.id)
    const auth = user.auth
    const requests: InjectOptions[] = [
      { method: 'POST', url: '/v1/register', payload: { email: 'not an email', password: 'short' } },
      { method: 'POST', url: '/v1/register', payload: { email: uniqueEmail(), password: 'password123' } },
      {
        method: 'POST',
        url: '/v1/register',
        payload: { email: uniqueEmail(), password: strongPassword(), display_name: 'a\u202eb', extra: 1 },
      },
      { method: 'POST', url: '/v1/register', payload: {} },
      { method: 'POST', url: '/v1/posts', headers: auth, payload: { title: '   ', visibility: 'secret' } },
      { method: 'POST', url: '/v1/posts', headers: auth, payload: { title: 'a\nb', body: 'x\u0000' } },
      { method: 'POST', url: '/v1/posts', headers: auth, payload: { title: 'x'.repeat(201) } },
      { method: 'GET', url: '/v1/posts?limit=0' },
      { method: 'GET', url: '/v1/posts?limit=abc' },
      { method: 'GET', url: '/v1/posts?user=nobody' },
      { method: 'GET', url: '/v1/posts?pagetoken=%21%21' },
      { method: 'POST', url: `/v1/posts/${post.id}/comments`, headers: auth, payload: { body: '  ' } },
      { method: 'PATCH', url: `/v1/attachments/${file.id}`, headers: auth, payload: { filename: '/' } },
      { method: 'PATCH', url: '/v1/me', headers: auth, payload: { display_name: 'x'.repeat(101) } },
      { method: 'GET', url: '/v1/me?include=secrets', headers: auth },
      {
        method: 'PUT',
        url: '/v1/me/password',
        headers: auth,
        payload: { current_password: 'wrong password here', new_password: 'short' },
      },
      { method: 'DELETE', url: '/v1/me', headers: auth, payload: { password: 'wrong password here' } },
      {
        method: 'POST',
        url: '/v1/password-resets/confirm',
        payload: { token: WELL_FORMED_TOKEN, new_password: strongPassword() },
      },
      { method: 'POST', url: '/v1/email-verifications', payload: { token: WELL_FORMED_TOKEN } },
      { method: 'POST', url: '/v1/email-changes/cancel', payload: { token: WELL_FORMED_TOKEN } },
      { method: 'POST', url: `/v1/posts/${post.id}/attachments`, headers: auth, payload: 'bytes' },
    ]
    let checked = 0
    for (const request of requests) {
      const response = await app.inject(request)
      const label = `${request.method ?? ''} ${request.url as string}: ${response.body}`
      assert.ok([400, 403, 422].includes(response.statusCode), label)
      const fields = json<ErrorBody>(response).error.fields
      assert.ok(fields && Object.keys(fields).length > 0, `${label}\nnames its fields`)
      for (const [name, message] of Object.entries(fields)) {
        assert.match(message, SENTENCE, `${label}\n${name}`)
        checked += 1
      }
    }
    const empty = await uploadRaw(app, user, post.id, '', { filename: 'empty.txt' })
    assert.match(json<ErrorBody>(empty).error.fields?.['file'] ?? '', SENTENCE)
    assert.ok(checked >= requests.length)
  })

  it('a message names its field: "Password must be at least 10 characters."', async (t) => {
    const { app } = await buildTestApp(t)
    const response = await app.inject({
      method: 'POST',
      url: '/v1/register',
      payload: { email: uniqueEmail(), password: 'short' },
    })
    assert.equal(response.statusCode, 422)
    assert.equal(
      json<ErrorBody>(response).error.fields?.['password'],
      'Password must be at least 10 characters.',
    )
  })
})
