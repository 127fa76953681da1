import type { FastifyReply } from 'fastify'
import type { Page } from '../db/pagination.js'
import { versionEtag } from './conditional.js'

// The bodies of successful answers: one object or one page of a list, always under `data`.

/** `{"data": …}` — the one shape every successful response with a body takes. */
export function data<T>(value: T): { data: T } {
  return { data: value }
}

/** The content type of a JSON answer, as Fastify sets it for a serialized body. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8'

/** `data()` for a value already serialized (`serializerFor`): the answer's body as sent. */
function dataJson(json: string): string {
  return `{"data":${json}}`
}

/**
 * The 201 of a new resource already serialized (for its answer and its live event alike): its ETag,
 * its Location, and the resource under `data`.
 */
export function replyCreated(
  reply: FastifyReply,
  created: { version: number; location: string; json: string },
): FastifyReply {
  return reply
    .code(201)
    .header('etag', versionEtag(created.version))
    .header('location', created.location)
    .type(JSON_CONTENT_TYPE)
    .send(dataJson(created.json))
}

/** The list envelope: `data` plus `next_page_token` only while more rows exist. */
export function listBody<T, R>(
  page: Page<T>,
  render: (row: T) => R,
): { data: R[]; next_page_token?: string } {
  const data = page.rows.map(render)
  return page.nextPageToken === undefined ? { data } : { data, next_page_token: page.nextPageToken }
}
