import { Type, type TSchema, type TUnsafe, type Static } from 'typebox'
import { MAX_PAGE_SIZE } from './pagination.js'

/** `{"data": …}` — the one shape every successful response with a body takes. */
export function data<T>(value: T): { data: T } {
  return { data: value }
}

/** Longest path in a `links` object. */
const LINK_MAX_LENGTH = 2048

/** The `links` object of a resource: absolute paths to itself and what can be done next. */
export function Links(description = 'Related URLs; follow, never build') {
  return Type.Record(Type.String({ maxLength: 64 }), Type.String({ maxLength: LINK_MAX_LENGTH }), {
    maxProperties: 20,
    description,
  })
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

/** Renders a stored epoch-milliseconds timestamp as the API's ISO 8601 string. */
export function isoTime(epochMs: number): string {
  return new Date(epochMs).toISOString()
}

/** Response schema of a 204 (deletion): no body at all. */
export const NoContent = Type.Null({ description: 'No content' })

/** Response schema of a 304: the client's cached copy is current. */
export const NotModified = Type.Null({ description: 'Not modified: your copy (If-None-Match) is current' })
