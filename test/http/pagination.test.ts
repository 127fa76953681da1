import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import type { NewPostRow } from '../../src/db/tables.js'
import { MAX_OFFSET } from '../../src/db/pagination.js'
import { newId } from '../../src/ids.js'
import { buildTestApp, json, registerAndLogin, UNLIMITED_WRITES, type TestUser } from '../helpers.js'
import {
  createAttachment,
  createComment,
  createPost,
  errorOf,
  walkPages,
  type ListBody,
} from '../content-helpers.js'

const ITEMS = 45

/** A list endpoint and how to add one more item to it. */
interface ListCase {
  name: string
  /** Builds the scenario; returns the list URL, who reads it, and how to add an item (returning its ID). */
  setUp: (
    app: FastifyInstance,
    author: TestUser,
    reader: TestUser,
  ) => Promise<{ url: string; headers: Record<string, string>; add: () => Promise<string> }>
}

const LISTS: ListCase[] = [
  {
    name: 'GET /v1/me/posts',
    setUp: async (app, author) => ({
      url: '/v1/me/posts',
      headers: author.auth,
      add: async () => (await createPost(app, author, { visibility: 'private' })).id,
    }),
  },
  {
    name: 'GET /v1/posts (anonymous)',
    setUp: async (app, author) => ({
      url: '/v1/posts',
      headers: {},
      add: async () => (await createPost(app, author)).id,
    }),
  },
  {
    name: 'GET /v1/posts?user= (another author)',
    setUp: async (app, author, reader) => ({
      url: `/v1/posts?user=${author.id}`,
      headers: reader.auth,
      add: async () => (await createPost(app, author)).id,
    }),
  },
  {
    name: 'GET /v1/posts/{id}/attachments',
    setUp: async (app, author, reader) => {
      const post = await createPost(app, author)
      return {
        url: `/v1/posts/${post.id}/attachments`,
        headers: reader.auth,
        add: async () => (await createAttachment(app, author, post.id)).id,
      }
    },
  },
  {
    name: 'GET /v1/posts/{id}/comments',
    setUp: async (app, author, reader) => {
      const post = await createPost(app, author)
      return {
        url: `/v1/posts/${post.id}/comments`,
        headers: {},
        add: async () => (await createComment(app, reader, post.id)).id,
      }
    },
  },
  {
    name: 'GET /v1/posts/{id}/attachments/{aid}/comments',
    setUp: async (app, author, reader) => {
      const post = await createPost(app, author)
      const attachment = await createAttachment(app, author, post.id)
      return {
        url: `/v1/posts/${post.id}/attachments/${attachment.id}/comments`,
        headers: reader.auth,
        add: async () => (await createComment(app, reader, post.id, attachment.id)).id,
      }
    },
  },
]

describe('pagination: happy paths', () => {
  for (const list of LISTS) {
    it(`${list.name}: a token walk through ${ITEMS} items sees each exactly once while new ones arrive`, async (t) => {
      const { app } = await buildTestApp(t, UNLIMITED_WRITES)
      const author = await registerAndLogin(app, 'author')
      const reader = await registerAndLogin(app, 'reader')
      const { url, headers, add } = await list.setUp(app, author, reader)
      const created: string[] = []
      for (let i = 0; i < ITEMS; i++) created.push(await add())

      const addedMidWalk: string[] = []
      const seen = await walkPages(app, url, headers, 10, async (pageNumber) => {
        if (pageNumber === 2) for (let i = 0; i < 3; i++) addedMidWalk.push(await add())
      })
      assert.deepEqual(seen, [...created].reverse(), 'every item once, newest first, in order')
      assert.equal(new Set(seen).size, seen.length)
      assert.ok(
        addedMidWalk.every((id) => !seen.includes(id)),
        'items newer than the walk do not shift it',
      )
    })
  }

  it('GET /v1/posts for a signed-in caller merges public posts and their own private ones across pages', async (t) => {
    const { app } = await buildTestApp(t, UNLIMITED_WRITES)
    const alice = await registerAndLogin(app, 'alice')
    const bob = await registerAndLogin(app, 'bob')
    const visibleToAlice: string[] = []
    for (let i = 0; i < 60; i++) {
      if (i % 3 === 0) visibleToAlice.push((await createPost(app, alice, { visibility: 'private' })).id)
      else if (i % 3 === 1) visibleToAlice.push((await createPost(app, bob)).id)
      else await createPost(app, bob, { visibility: 'private' })
    }
    const expected = [...visibleToAlice].reverse()
    for (const limit of [1, 7, 20, 40, 100]) {
      assert.deepEqual(await walkPages(app, '/v1/posts', alice.auth, limit), expected, `limit ${limit}`)
    }
    const byOffset: string[] = []
    for (let from = 0; from < expected.length; from += 7) {
      const response = await app.inject({
        method: 'GET',
        url: `/v1/posts?from=${from}&limit=7`,
        headers: alice.auth,
      })
      byOffset.push(...json<ListBody<{ id: string }>>(response).data.map((post) => post.id))
    }
    assert.deepEqual(byOffset, expected)
  })

  it('the signed-in feed at the deepest offset is the right window of public and own private posts', async (t) => {
    const { app, db } = await buildTestApp(t)
    const alice = await registerAndLogin(app, 'alice')
    const bob = await registerAndLogin(app, 'bob')
    // Straight to the database: 20,000 rows over HTTP would take minutes.
    const rows: NewPostRow[] = []
    const start = Date.now() - 100_000
    for (let i = 0; i < MAX_OFFSET + 200; i++) {
      const now = start + i
      const own = i % 200 === 0
      rows.push({
        id: newId(now),
        user_id: own ? alice.id : bob.id,
        title: `Post ${i}`,
        body: '',
        visibility: own || i % 1000 === 3 ? 'private' : 'public',
        cover_attachment_id: null,
        version: 1,
        created_at: now,
        updated_at: now,
      })
    }
    for (let i = 0; i < rows.length; i += 1000)
      await db
        .insertInto('posts')
        .values(rows.slice(i, i + 1000))
        .execute()
    // Bob's few private posts are hidden from Alice; her own private ones are interleaved with the rest.
    const visible = rows
      .filter((row) => row.visibility === 'public' || row.user_id === alice.id)
      .map((row) => row.id)
      .reverse()
    const response = await app.inject({
      method: 'GET',
      url: `/v1/posts?from=${MAX_OFFSET}&limit=20`,
      headers: alice.auth,
    })
    assert.equal(response.statusCode, 200)
    assert.ok(visible.length > MAX_OFFSET + 40)
    const body = json<ListBody<{ id: string }>>(response)
    assert.deepEqual(
      body.data.map((post) => post.id),
      visible.slice(MAX_OFFSET, MAX_OFFSET + 20),
    )
    // Its token continues where the offset left off.
    const next = await app.inject({
      method: 'GET',
      url: `/v1/posts?pagetoken=${body.next_page_token ?? ''}&limit=20`,
      headers: alice.auth,
    })
    assert.deepEqual(
      json<ListBody<{ id: string }>>(next).data.map((post) => post.id),
      visible.slice(MAX_OFFSET + 20, MAX_OFFSET + 40),
    )
  })

  it('offset paging returns the window at `from`, with a next_page_token only while rows remain', async (t) => {
    const { app } = await buildTestApp(t, UNLIMITED_WRITES)
    const author = await registerAndLogin(app)
    const created: string[] = []
    for (let i = 0; i < ITEMS; i++) created.push((await createPost(app, author)).id)
    const newestFirst = [...created].reverse()
    const page = async (query: string) =>
      json<ListBody<{ id: string }>>(
        await app.inject({ method: 'GET', url: `/v1/me/posts?${query}`, headers: author.auth }),
      )

    const middle = await page('from=20&limit=10')
    assert.deepEqual(
      middle.data.map((post) => post.id),
      newestFirst.slice(20, 30),
    )
    assert.ok(middle.next_page_token)
    // The token of an offset page continues by keyset right after it.
    const continued = await page(`pagetoken=${middle.next_page_token}&limit=10`)
    assert.deepEqual(
      continued.data.map((post) => post.id),
      newestFirst.slice(30, 40),
    )

    const tail = await page('from=40&limit=10')
    assert.deepEqual(
      tail.data.map((post) => post.id),
      newestFirst.slice(40),
    )
    assert.equal(tail.next_page_token, undefined)
    assert.deepEqual((await page('from=45')).data, [])
    assert.deepEqual((await page('from=0')).data.length, 20, 'the default page size is 20')
  })

  it('a full last page carries no next_page_token', async (t) => {
    const { app } = await buildTestApp(t, UNLIMITED_WRITES)
    const author = await registerAndLogin(app)
    for (let i = 0; i < 40; i++) await createPost(app, author)
    const first = json<ListBody<{ id: string }>>(
      await app.inject({ method: 'GET', url: '/v1/me/posts?limit=20', headers: author.auth }),
    )
    assert.ok(first.next_page_token)
    const second = json<ListBody<{ id: string }>>(
      await app.inject({
        method: 'GET',
        url: `/v1/me/posts?limit=20&pagetoken=${first.next_page_token}`,
        headers: author.auth,
      }),
    )
    assert.equal(second.data.length, 20)
    assert.equal(second.next_page_token, undefined)
    assert.equal('next_page_token' in second, false)
  })

  it('limit accepts 1 and 100', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    for (let i = 0; i < 3; i++) await createPost(app, author)
    const one = json<ListBody<{ id: string }>>(await app.inject({ method: 'GET', url: '/v1/posts?limit=1' }))
    assert.equal(one.data.length, 1)
    assert.ok(one.next_page_token)
    const hundred = json<ListBody<{ id: string }>>(
      await app.inject({ method: 'GET', url: '/v1/posts?limit=100' }),
    )
    assert.equal(hundred.data.length, 3)
  })
})

describe('pagination: errors', () => {
  const LIST_URLS = (postId: string, attachmentId: string) => [
    '/v1/posts',
    '/v1/me/posts',
    `/v1/posts/${postId}/attachments`,
    `/v1/posts/${postId}/comments`,
    `/v1/posts/${postId}/attachments/${attachmentId}/comments`,
  ]

  it('every list rejects limit 0 and 101 with 422 fields.limit and a non-integer limit with 400', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    const attachment = await createAttachment(app, author, post.id)
    for (const url of LIST_URLS(post.id, attachment.id)) {
      for (const limit of ['0', '101', '-1']) {
        const response = await app.inject({
          method: 'GET',
          url: `${url}?limit=${limit}`,
          headers: author.auth,
        })
        assert.ok(errorOf(response, 422).fields?.['limit'], `${url} limit=${limit}`)
      }
      for (const limit of ['abc', '1.5']) {
        const response = await app.inject({
          method: 'GET',
          url: `${url}?limit=${limit}`,
          headers: author.auth,
        })
        errorOf(response, 400)
      }
    }
  })

  it('every list rejects a malformed pagetoken, and pagetoken with from, with 400', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    const post = await createPost(app, author)
    const attachment = await createAttachment(app, author, post.id)
    const notAnId = Buffer.from('k1:not-a-uuid').toString('base64url')
    for (const url of LIST_URLS(post.id, attachment.id)) {
      for (const token of ['garbage!', 'AAAA', notAnId]) {
        const response = await app.inject({
          method: 'GET',
          url: `${url}?pagetoken=${token}`,
          headers: author.auth,
        })
        assert.equal(
          errorOf(response, 400).fields?.['pagetoken'],
          'Pagetoken is malformed.',
          `${url} ${token}`,
        )
      }
      const valid = json<ListBody<{ id: string }>>(
        await app.inject({ method: 'GET', url: '/v1/me/posts?limit=1', headers: author.auth }),
      )
      assert.equal(valid.next_page_token, undefined)
      const both = await app.inject({
        method: 'GET',
        url: `${url}?from=0&pagetoken=${Buffer.from(`k1:${post.id}`).toString('base64url')}`,
        headers: author.auth,
      })
      errorOf(both, 400)
    }
  })

  it('a negative or non-integer from is rejected (422 / 400)', async (t) => {
    const { app } = await buildTestApp(t)
    errorOf(await app.inject({ method: 'GET', url: '/v1/posts?from=-1' }), 422)
    errorOf(await app.inject({ method: 'GET', url: '/v1/posts?from=abc' }), 400)
  })

  it('from beyond the bound answers 422 fields.from on every list (deep pages are reached by token)', async (t) => {
    const { app } = await buildTestApp(t)
    const author = await registerAndLogin(app)
    assert.equal(MAX_OFFSET, 20_000)
    for (const url of ['/v1/posts', '/v1/me/posts', '/v1/sessions']) {
      const body = errorOf(
        await app.inject({ method: 'GET', url: `${url}?from=${MAX_OFFSET + 1}`, headers: author.auth }),
        422,
      )
      assert.ok(body.fields?.['from'], `${url} names from`)
      const atBound = await app.inject({
        method: 'GET',
        url: `${url}?from=${MAX_OFFSET}`,
        headers: author.auth,
      })
      assert.equal(atBound.statusCode, 200, `${url} accepts from=${MAX_OFFSET}`)
    }
  })
})
