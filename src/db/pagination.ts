import type { SelectQueryBuilder } from 'kysely'
import { ApiError } from '../errors.js'
import { isUuid } from '../ids.js'

// Every list is ordered newest first by ID (UUIDv7, so by creation) and takes both schemes:
// keyset (`pagetoken`, cost independent of depth, stable while rows are added) and offset (`from`).

export const DEFAULT_PAGE_SIZE = 20
export const MAX_PAGE_SIZE = 100
// An offset is skipped row by row (no index can jump to the 20,000th entry), so `from` is bounded to
// keep any page's database work to a few milliseconds; keyset tokens go as deep as the data does.
export const MAX_OFFSET = 20_000
const TOKEN_PREFIX = 'k1:'

/** The list query string as validated by `PageQuery` (http/schemas.ts). */
interface PageParameters {
  limit?: number
  pagetoken?: string
  from?: number
}

/** A validated page request: at most `limit` rows, after a keyset position or at an offset. */
export interface PageRequest {
  limit: number
  afterId?: string
  offset?: number
}

/** Encodes the keyset position after a row; clients treat the result as opaque. */
function encodePageToken(lastId: string): string {
  return Buffer.from(TOKEN_PREFIX + lastId).toString('base64url')
}

function decodePageToken(token: string): string {
  const decoded = /^[A-Za-z0-9_-]+$/.test(token) ? Buffer.from(token, 'base64url').toString('utf8') : ''
  const id = decoded.startsWith(TOKEN_PREFIX) ? decoded.slice(TOKEN_PREFIX.length) : ''
  if (!isUuid(id)) {
    throw new ApiError('BAD_REQUEST', 'pagetoken is malformed; pass the next_page_token of a previous page', {
      pagetoken: 'is malformed',
    })
  }
  return id.toLowerCase()
}

/** Turns the list query string into a page request; `from` with `pagetoken` or a bad token is a 400. */
export function pageRequest(query: PageParameters): PageRequest {
  const limit = query.limit ?? DEFAULT_PAGE_SIZE
  if (query.pagetoken !== undefined && query.from !== undefined) {
    throw new ApiError('BAD_REQUEST', 'Use either pagetoken or from, not both', {
      from: 'cannot be combined with pagetoken',
    })
  }
  if (query.pagetoken !== undefined) return { limit, afterId: decodePageToken(query.pagetoken) }
  if (query.from !== undefined) return { limit, offset: query.from }
  return { limit }
}

/** The values a page request binds into a compiled list query. */
export interface PageWindow {
  /** Rows to fetch: the page plus one, to learn whether another page exists. */
  fetch: number
  afterId: string | undefined
  offset: number | undefined
}

/** The compiled-query values of a page request. */
export function pageWindow(page: PageRequest): PageWindow {
  return {
    fetch: page.limit + 1,
    afterId: page.afterId,
    offset: page.offset !== undefined && page.offset > 0 ? page.offset : undefined,
  }
}

/**
 * Applies the ordering (newest first unless `order` is `oldest-first`, as a queue is read) and the page
 * window (placeholders of a compiled query) to a query over one table's `id` column.
 */
export function paginate<DB, TB extends keyof DB & string, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  table: TB,
  window: Readonly<PageWindow>,
  order: 'newest-first' | 'oldest-first' = 'newest-first',
): SelectQueryBuilder<DB, TB, O> {
  // Kysely cannot type a column reference over a generic table; `${table}.id` exists on every table here.
  const id = `${table}.id` as never
  const newestFirst = order === 'newest-first'
  let windowed = query.orderBy(id, newestFirst ? 'desc' : 'asc').limit(window.fetch)
  if (window.afterId !== undefined)
    windowed = windowed.where(id, newestFirst ? '<' : '>', window.afterId as never)
  if (window.offset !== undefined) windowed = windowed.offset(window.offset)
  return windowed
}

/** A page of results and, while more exist, the token for the next one. */
export interface Page<T> {
  rows: T[]
  nextPageToken?: string
}

/** Trims the look-ahead row and derives `next_page_token` from the last row shown. */
export function toPage<T extends { id: string }>(rows: T[], page: PageRequest): Page<T> {
  if (rows.length <= page.limit) return { rows }
  const shown = rows.slice(0, page.limit)
  const last = shown[shown.length - 1]
  return last ? { rows: shown, nextPageToken: encodePageToken(last.id) } : { rows: shown }
}
