// The schema building blocks of every resource: IDs, timestamps, links, envelopes and the list query.

import { Type, type Static, type TSchema, type TUnsafe } from 'typebox'
import { DEFAULT_PAGE_SIZE, MAX_OFFSET, MAX_PAGE_SIZE } from '../db/pagination.js'

/** Query-string schema shared by every list endpoint. */
export const PageQuery = Type.Object({
  limit: Type.Optional(
    Type.Integer({
      format: 'int32',
      minimum: 1,
      maximum: MAX_PAGE_SIZE,
      description: `Page size, default ${DEFAULT_PAGE_SIZE}`,
    }),
  ),
  pagetoken: Type.Optional(
    Type.String({ maxLength: 200, description: 'The `next_page_token` of the previous page (opaque)' }),
  ),
  from: Type.Optional(
    Type.Integer({
      format: 'int32',
      minimum: 0,
      maximum: MAX_OFFSET,
      description:
        `Offset into the results (0-based), at most ${MAX_OFFSET.toLocaleString('en-US')}; to go deeper, follow ` +
        '`next_page_token`. Cannot be combined with `pagetoken`',
    }),
  ),
})
export type PageQuery = Static<typeof PageQuery>

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

/** Response schema of a 204 (deletion): no body at all. */
export const NoContent = Type.Null({ description: 'No content' })

/** Response schema of a 304: the client's cached copy is current. */
export const NotModified = Type.Null({ description: 'Not modified: your copy (If-None-Match) is current' })
