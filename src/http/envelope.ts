import { Type, type TSchema, type TUnsafe, type Static } from 'typebox'

/** `{"data": …}` — the one shape every successful response with a body takes. */
export function data<T>(value: T): { data: T } {
  return { data: value }
}

/** Response schema for a single enveloped object. */
export function Envelope<T extends TSchema>(schema: T) {
  return Type.Object({ data: schema })
}

/** Response schema for an enveloped list, with the keyset token present while more rows exist. */
export function ListEnvelope<T extends TSchema>(schema: T) {
  return Type.Object({
    data: Type.Array(schema),
    next_page_token: Type.Optional(
      Type.String({ description: 'Pass as `pagetoken` to fetch the next page; absent on the last page' }),
    ),
  })
}

/** A value that may also be null, written as a JSON Schema type array so validation errors stay precise. */
export function Nullable<T extends TSchema>(schema: T): TUnsafe<Static<T> | null> {
  const { type, ...rest } = schema as unknown as { type: string } & Record<string, unknown>
  return Type.Unsafe<Static<T> | null>({ ...rest, type: [type, 'null'] })
}

export const Timestamp = Type.String({ format: 'date-time', description: 'ISO 8601 UTC with milliseconds' })
export const Id = Type.String({
  format: 'uuid',
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
