import { Type, type TSchema, type TUnsafe, type Static } from 'typebox'
import { MAX_PAGE_SIZE, type Page } from '../db/pagination.js'

/** `{"data": …}` — the one shape every successful response with a body takes. */
export function data<T>(value: T): { data: T } {
  return { data: value }
}

/** The list envelope: `data` plus `next_page_token` only while more rows exist. */
export function listBody<T, R>(
  page: Page<T>,
  render: (row: T) => R,
): { data: R[]; next_page_token?: string } {
  const data = page.rows.map(render)
  return page.nextPageToken === undefined ? { data } : { data, next_page_token: page.nextPageToken }
}

/** Longest path in a `links` object. */
const LINK_MAX_LENGTH = 2048

/** A link: an absolute path, to follow as it is. */
const Link = Type.String({ format: 'uri-reference', maxLength: LINK_MAX_LENGTH })

/**
 * The `links` object of a resource: absolute paths to itself and what can be done next, one named
 * property per relation (the optional ones appear only when they apply).
 */
export function Links<Required extends string, Optional extends string = never>(
  relations: { required: readonly Required[]; optional?: readonly Optional[] },
  description: string,
) {
  const properties: Record<string, TSchema> = {}
  for (const name of relations.required) properties[name] = Link
  for (const name of relations.optional ?? []) properties[name] = Type.Optional(Link)
  return Type.Unsafe<Record<Required, string> & Partial<Record<Optional, string>>>(
    Type.Object(properties, { additionalProperties: false, description }),
  )
}

/** Response schema for a single enveloped object. */
export function Envelope<T extends TSchema>(schema: T) {
  return Type.Object({ data: schema })
}

/** Response schema for an enveloped list, with the keyset token present while more rows exist. */
export function ListEnvelope<T extends TSchema>(schema: T) {
  return Type.Object({
    data: Type.Array(schema, { maxItems: MAX_PAGE_SIZE }),
    next_page_token: Type.Optional(
      Type.String({
        maxLength: 200,
        description: 'Pass as `pagetoken` to fetch the next page; absent on the last page',
      }),
    ),
  })
}

/** A value that may also be null, written as a JSON Schema type array so validation errors stay precise. */
export function Nullable<T extends TSchema>(schema: T): TUnsafe<Static<T> | null> {
  const { type, ...rest } = schema as unknown as { type: string } & Record<string, unknown>
  return Type.Unsafe<Static<T> | null>({ ...rest, type: [type, 'null'] })
}

export const Timestamp = Type.String({
  format: 'date-time',
  maxLength: 30,
  description: 'ISO 8601 UTC with milliseconds',
})
export const Id = Type.String({
  format: 'uuid',
  maxLength: 36,
  description: 'UUIDv7; ordering by ID is ordering by creation',
})

/** Path parameters `{id}`; a malformed ID answers 404 like an unknown one. */
export const IdParams = Type.Object({ id: Id })

const DAY_MS = 86_400_000
const LATEST_FOUR_DIGIT_YEAR_MS = 253_402_300_799_999 // 9999-12-31T23:59:59.999Z
const TWO_DIGITS = Array.from({ length: 100 }, (_, value) => String(value).padStart(2, '0'))
const THREE_DIGITS = Array.from({ length: 1000 }, (_, value) => String(value).padStart(3, '0'))
// `YYYY-MM-DDT` of recently rendered days; bounded, and cleared when full.
const dayPrefixes = new Map<number, string>()
const DAY_PREFIXES_MAX = 4096

/**
 * Renders a stored epoch-milliseconds timestamp as the API's ISO 8601 string, exactly as
 * `Date#toISOString` does. Lists render two per row, so the date part is kept per day and the time
 * is built from digit tables: a tenth of the cost of a Date.
 */
export function isoTime(epochMs: number): string {
  if (!Number.isInteger(epochMs) || epochMs < 0 || epochMs > LATEST_FOUR_DIGIT_YEAR_MS) {
    return new Date(epochMs).toISOString()
  }
  const day = Math.floor(epochMs / DAY_MS)
  let prefix = dayPrefixes.get(day)
  if (prefix === undefined) {
    if (dayPrefixes.size >= DAY_PREFIXES_MAX) dayPrefixes.clear()
    prefix = new Date(day * DAY_MS).toISOString().slice(0, 11)
    dayPrefixes.set(day, prefix)
  }
  let rest = epochMs - day * DAY_MS
  const hours = Math.floor(rest / 3_600_000)
  rest -= hours * 3_600_000
  const minutes = Math.floor(rest / 60_000)
  rest -= minutes * 60_000
  const seconds = Math.floor(rest / 1000)
  return `${prefix}${TWO_DIGITS[hours]}:${TWO_DIGITS[minutes]}:${TWO_DIGITS[seconds]}.${THREE_DIGITS[rest - seconds * 1000]}Z`
}

/** Response schema of a 204 (deletion): no body at all. */
export const NoContent = Type.Null({ description: 'No content' })

/** Response schema of a 304: the client's cached copy is current. */
export const NotModified = Type.Null({ description: 'Not modified: your copy (If-None-Match) is current' })
