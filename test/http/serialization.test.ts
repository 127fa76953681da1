import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import {
  type createSerializerCompiler,
  withServerWrittenStrings,
  withUnionsByDiscriminator,
} from '../../src/http/serialization.js'
import { Envelope, ListEnvelope } from '../../src/http/schemas.js'
import { PostSchema } from '../../src/posts/posts.schemas.js'
import { createComment, createPost, type ListBody, type PostBody } from '../content-helpers.js'
import { buildTestApp, json, registerAndLogin } from '../helpers.js'

// Response serialisation writes the server's own strings (IDs, timestamps, links) without the escape
// check and everything users wrote with it.

type Compiler = ReturnType<typeof createSerializerCompiler>
const serializerOf = (compile: Compiler | undefined, schema: unknown) => {
  assert.ok(compile, 'the app has a serializer compiler')
  return compile({ schema, method: 'GET', url: '/', httpStatus: '200' }) as (data: unknown) => string
}

/** A body holding every kind of character JSON must escape that a body may hold (not NUL). */
const AWKWARD = 'a "quote", a \\ backslash, a tab\t, a newline\n, a \u0001 and a \u001f'
/** A title: one line, no control characters. */
const AWKWARD_TITLE = 'a "quote" and a \\ backslash'

describe('response serialisation', () => {
  it('writes IDs, timestamps and links as they are, through the serializer every route uses', async (t) => {
    const { app } = await buildTestApp(t)
    const serialize = serializerOf(app.serializerCompiler, Envelope(PostSchema))
    // Only strings the server writes itself reach these fields; a quote in one is written unescaped,
    // which shows the escape check is skipped for them (and only for them: the title is escaped).
    const post = {
      id: 'i"d',
      user_id: 'u',
      author: { id: 'u', display_name: null },
      title: 't"t',
      body: 'b',
      visibility: 'public',
      cover_attachment_id: 'c"c',
      created_at: 'c"r',
      updated_at: 'u',
      moderation: null,
      links: { self: 's"s', attachments: 'a', comments: 'c', author_posts: 'p' },
    }
    const text = serialize({ data: post })
    assert.ok(text.includes('"id":"i"d"'), text)
    assert.ok(text.includes('"cover_attachment_id":"c"c"'), text)
    assert.ok(text.includes('"created_at":"c"r"'), text)
    assert.ok(text.includes('"self":"s"s"'), text)
    assert.ok(text.includes('"title":"t\\"t"'), text)
  })

  it('leaves the schema it was given, and so validation and the OpenAPI document, untouched', () => {
    const schema = ListEnvelope(PostSchema)
    const before = JSON.stringify(schema)
    const changed = JSON.stringify(withServerWrittenStrings(schema))
    assert.equal(JSON.stringify(schema), before)
    assert.ok(before.includes('"format":"uuid"') && before.includes('"format":"date-time"'))
    assert.ok(!changed.includes('"format":"uuid"') && !changed.includes('"format":"date-time"'))
    assert.ok(!changed.includes('"format":"uri-reference"'))
    // A nullable UUID (["string", "null"]) is the server's too; other formats are not.
    const nullable = withServerWrittenStrings({ type: ['string', 'null'], format: 'uuid' })
    assert.deepEqual(nullable, { type: ['string', 'null'], format: 'unsafe' })
    const email = { type: 'string', format: 'email' }
    assert.deepEqual(withServerWrittenStrings(email), email)
  })

  it('round-trips users’ text with every character JSON escapes, in a post, a list and a comment', async (t) => {
    const { app } = await buildTestApp(t)
    const user = await registerAndLogin(app)
    const created = await createPost(app, user, { title: AWKWARD_TITLE, body: AWKWARD })
    assert.equal(created.body, AWKWARD)
    assert.equal(created.title, AWKWARD_TITLE)
    const read = await app.inject({ method: 'GET', url: created.links.self, headers: user.auth })
    assert.deepEqual(json<{ data: PostBody }>(read).data, created)
    const page = json<ListBody<PostBody>>(
      await app.inject({ method: 'GET', url: '/v1/posts?limit=5', headers: user.auth }),
    )
    assert.deepEqual(
      page.data.find((post) => post.id === created.id),
      created,
    )
    const comment = await createComment(app, user, created.id, undefined, AWKWARD)
    assert.equal(comment.body, AWKWARD)
  })

  it('writes each branch of a union told apart by a constant property whole, choosing it by that property', async (t) => {
    const { app } = await buildTestApp(t)
    const branch = (kind: string, field: string) => ({
      type: 'object',
      properties: {
        kind: { const: kind, type: 'string' },
        [field]: { type: 'string' },
        shared: { type: 'integer' },
      },
      required: ['kind', field],
    })
    const union = { anyOf: [branch('a', 'alpha'), branch('b', 'beta'), branch('c', 'gamma')] }
    const before = JSON.stringify(union)
    const rewritten = withUnionsByDiscriminator(union)
    assert.equal(JSON.stringify(union), before, 'the given schema is left as it is')
    assert.ok(!JSON.stringify(rewritten).includes('anyOf'), JSON.stringify(rewritten))
    const serialize = serializerOf(app.serializerCompiler, { type: 'array', items: union })
    const items = [
      { kind: 'b', beta: 'two', shared: 2, alpha: 'not in b' },
      { kind: 'c', gamma: 'three', shared: 3 },
      { kind: 'a', alpha: 'one', shared: 1 },
    ]
    assert.deepEqual(JSON.parse(serialize(items)), [
      { kind: 'b', beta: 'two', shared: 2 },
      { kind: 'c', gamma: 'three', shared: 3 },
      { kind: 'a', alpha: 'one', shared: 1 },
    ])
    // Without such a property a union stays a union.
    const untold = { anyOf: [{ type: 'object', properties: { x: { type: 'string' } } }, { type: 'string' }] }
    assert.deepEqual(withUnionsByDiscriminator(untold), untold)
  })
})
