// What the benchmark measures and what it expects: each scenario is one request shape, driven at Quire
// and at a bare server answering Quire's own bytes, with the share of that ceiling Quire should reach.
// Kept apart from the machinery that drives them, so adding or retargeting a scenario touches only
// this table.
import type { RequestShape } from './load.js'
import type { SeededData } from './seed.js'

/** A scenario: one request shape driven at Quire and at a bare server answering Quire's bytes. */
export interface Scenario {
  key: string
  name: string
  request: RequestShape
  /** Compare with this scenario's bare ceiling instead of its own (writes: against bare health). */
  ceilingOf?: string
  target?: { ratio: number }
}

/** The target for the WORKERS=2 factor on a 2-core machine that also runs the load generator. */
export const WORKERS_TARGET = 1.3

/** The most PostgreSQL may trail SQLite by in any scenario. */
export const POSTGRES_MAX_SLOWDOWN = 3

/** Every scenario, in the order they run and are reported; `deepToken` is page 1,000's token. */
export function scenarios(data: SeededData, deepToken: string): Scenario[] {
  const auth = { authorization: `Bearer ${data.benchToken}` }
  const get = (path: string, headers: Record<string, string> = {}): RequestShape => ({
    method: 'GET',
    path,
    headers,
  })
  return [
    { key: 'health', name: 'GET /v1 (health)', request: get('/v1'), target: { ratio: 0.85 } },
    { key: 'me', name: 'GET /v1/me', request: get('/v1/me', auth), target: { ratio: 0.55 } },
    {
      key: 'post',
      name: 'GET /v1/posts/{id}',
      request: get(`/v1/posts/${data.postId}`, auth),
      target: { ratio: 0.55 },
    },
    {
      key: 'list_anonymous',
      name: 'GET /v1/posts?limit=20 (anonymous)',
      request: get('/v1/posts?limit=20'),
      target: { ratio: 0.4 },
    },
    {
      key: 'list_signed_in',
      name: 'GET /v1/posts?limit=20 (signed in)',
      request: get('/v1/posts?limit=20', auth),
      target: { ratio: 0.35 },
    },
    {
      key: 'list_page_1000',
      name: 'page 1,000 by pagetoken (signed in)',
      request: get(`/v1/posts?limit=20&pagetoken=${deepToken}`, auth),
    },
    {
      key: 'list_from_20000',
      name: 'GET /v1/posts?from=20000 (signed in)',
      request: get('/v1/posts?limit=20&from=20000', auth),
    },
    {
      key: 'comments',
      name: 'GET /v1/posts/{id}/comments',
      request: get(`/v1/posts/${data.postId}/comments`, auth),
    },
    {
      key: 'comment_write',
      name: 'POST /v1/posts/{id}/comments',
      request: {
        method: 'POST',
        path: `/v1/posts/${data.postId}/comments`,
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ body: 'A comment written under load' }),
      },
      ceilingOf: 'health',
      target: { ratio: 0.15 },
    },
    {
      key: 'download',
      name: 'GET …/attachments/{id}/content (100 KB)',
      request: get(`/v1/posts/${data.postId}/attachments/${data.attachmentId}/content`, auth),
    },
  ]
}
