import assert from 'node:assert/strict'
import type { AddressInfo } from 'node:net'
import { describe, it, type TestContext } from 'node:test'
import { buildTestApp, registerAndLogin, UNLIMITED_WRITES, type TestApp } from '../helpers.js'
import { createComment, createPost, dataOf, errorOf, type CommentBody, type PostBody } from '../content-helpers.js'
import { openStream } from './sse.js'

/** A test app listening on a real socket (streams cannot be injected). */
async function listening(
  t: TestContext,
  env: Record<string, string> = {},
): Promise<TestApp & { port: number }> {
  const testApp = await buildTestApp(t, { ...UNLIMITED_WRITES, ...env })
  await testApp.app.listen({ port: 0, host: '127.0.0.1' })
  return { ...testApp, port: (testApp.app.server.address() as AddressInfo).port }
}

describe('events: happy paths', () => {
  it('streams a public post to an anonymous posts subscriber, as GET answers it', async (t) => {
    const { app, port } = await listening(t)
    const author = await registerAndLogin(app)
    const stream = await openStream(port, '/v1/events?topics=posts')
    t.after(() => stream.close())
    assert.equal(stream.status, 200)
    assert.match(String(stream.headers['content-type']), /^text\/event-stream/)
    const post = await createPost(app, author, { title: 'Live' })
    const event = await stream.nextEvent<PostBody>()
    assert.equal(event.event, 'post.created')
    const got = await app.inject({ method: 'GET', url: `/v1/posts/${post.id}` })
    assert.deepEqual(event.data, dataOf<PostBody>(got, 200))
    assert.match(event.id ?? '', /^\d+$/)
  })
})
