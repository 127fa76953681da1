import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { buildTestApp, json } from '../helpers.js'

interface Operation {
  summary?: string
  description?: string
  tags?: string[]
  security?: unknown[]
  requestBody?: { content: Record<string, unknown> }
  responses?: Record<string, { content?: Record<string, unknown> }>
}

type Paths = Record<string, Record<string, Operation>>

// Every content route, with the statuses its documentation must list.
const CONTENT_ROUTES: Array<[string, string, string[]]> = [
  ['post', '/v1/posts', ['201', '400', '401', '422']],
  ['get', '/v1/posts', ['200', '400', '422']],
  ['get', '/v1/me/posts', ['200', '401']],
  ['get', '/v1/posts/{id}', ['200', '304', '404']],
  ['patch', '/v1/posts/{id}', ['200', '400', '401', '403', '404', '412', '422']],
  ['put', '/v1/posts/{id}', ['200', '400', '401', '403', '404', '412', '422']],
  ['delete', '/v1/posts/{id}', ['204', '401', '403', '404', '412']],
  ['post', '/v1/posts/{id}/attachments', ['201', '400', '401', '403', '404', '413', '415', '422']],
  ['get', '/v1/posts/{id}/attachments', ['200', '404']],
  ['get', '/v1/posts/{id}/attachments/{aid}', ['200', '304', '404']],
  ['get', '/v1/posts/{id}/attachments/{aid}/content', ['200', '206', '304', '404', '416']],
  ['post', '/v1/posts/{id}/attachments/{aid}/select', ['200', '401', '403', '404', '412', '422']],
  ['patch', '/v1/attachments/{id}', ['200', '400', '401', '403', '404', '412', '422']],
  ['delete', '/v1/attachments/{id}', ['204', '401', '403', '404', '412']],
  ['post', '/v1/posts/{id}/comments', ['201', '400', '401', '404', '422']],
  ['get', '/v1/posts/{id}/comments', ['200', '404']],
  ['post', '/v1/posts/{id}/attachments/{aid}/comments', ['201', '400', '401', '404', '422']],
  ['get', '/v1/posts/{id}/attachments/{aid}/comments', ['200', '404']],
  ['get', '/v1/comments/{id}', ['200', '304', '404']],
  ['patch', '/v1/comments/{id}', ['200', '400', '401', '403', '404', '412', '422']],
  ['put', '/v1/comments/{id}', ['200', '400', '401', '403', '404', '412', '422']],
  ['delete', '/v1/comments/{id}', ['204', '401', '403', '404', '412']],
]

describe('OpenAPI document: content', () => {
  it('documents every content route with a summary, description, tag and each status it answers', async (t) => {
    const { app } = await buildTestApp(t)
    const response = await app.inject({ method: 'GET', url: '/v1/openapi.json' })
    assert.equal(response.statusCode, 200)
    const paths = json<{ paths: Paths }>(response).paths
    for (const [method, path, statuses] of CONTENT_ROUTES) {
      const operation = paths[path]?.[method]
      assert.ok(operation, `${method.toUpperCase()} ${path} is documented`)
      assert.ok(operation.summary, `${method} ${path} summary`)
      assert.ok((operation.description ?? '').length > 20, `${method} ${path} description`)
      assert.ok(
        operation.tags?.some((tag) => ['posts', 'attachments', 'comments'].includes(tag)),
        `${method} ${path} tag`,
      )
      for (const status of statuses) {
        assert.ok(operation.responses?.[status], `${method} ${path} documents ${status}`)
      }
      if (['post', 'put', 'patch', 'delete'].includes(method)) {
        assert.ok(operation.security && operation.security.length > 0, `${method} ${path} security`)
      }
    }
  })

  it('documents both upload media types and the download as raw bytes', async (t) => {
    const { app } = await buildTestApp(t)
    const paths = json<{ paths: Paths }>(await app.inject({ method: 'GET', url: '/v1/openapi.json' })).paths
    const upload = paths['/v1/posts/{id}/attachments']?.['post']
    assert.deepEqual(Object.keys(upload?.requestBody?.content ?? {}).sort(), ['*/*', 'multipart/form-data'])
    const content = paths['/v1/posts/{id}/attachments/{aid}/content']?.['get']
    assert.deepEqual(Object.keys(content?.responses?.['200']?.content ?? {}), ['*/*'])
    assert.deepEqual(Object.keys(content?.responses?.['206']?.content ?? {}), ['*/*'])
    const create = paths['/v1/posts']?.['post']
    assert.deepEqual(Object.keys(create?.requestBody?.content ?? {}), ['application/json'])
  })
})
