import type { Page } from '../db/pagination.js'

// The bodies of successful answers: one object or one page of a list, always under `data`.

/** `{"data": …}` — the one shape every successful response with a body takes. */
export function data<T>(value: T): { data: T } {
  return { data: value }
}

/** The content type of a JSON answer, as Fastify sets it for a serialized body. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8'

/** `data()` for a value already serialized (`serializerFor`): the answer's body as sent. */
export function dataJson(json: string): string {
  return `{"data":${json}}`
}

/** The list envelope: `data` plus `next_page_token` only while more rows exist. */
export function listBody<T, R>(
  page: Page<T>,
  render: (row: T) => R,
): { data: R[]; next_page_token?: string } {
  const data = page.rows.map(render)
  return page.nextPageToken === undefined ? { data } : { data, next_page_token: page.nextPageToken }
}
