import type { FastifySerializerCompiler } from 'fastify'
import fastJsonStringify, { type AnySchema, type Options } from 'fast-json-stringify'

// fast-json-stringify checks every string it writes for characters JSON must escape: a loop over a
// short one, a regular expression over one of 42 characters or more. In a list of posts or comments
// most strings are the server's own: IDs (UUIDs, generated here or validated as UUIDs on the way in),
// timestamps (written by isoTime) and links (built by links.ts from constant paths and those IDs). None
// can hold a quote, a backslash or a control character, so their schemas reach the serializer as
// `format: 'unsafe'`, which it writes between quotes as they are, sparing the check on most of a
// page's strings (docs/performance.md). Text that comes from users (titles, bodies, names,
// messages) keeps the full check. Only the serializer sees this; validation and the OpenAPI document
// keep `uuid`, `date-time` and `uri-reference`.

/** Formats whose values in a response Quire itself produces, from characters that need no escaping. */
const SERVER_WRITTEN_FORMATS = new Set(['uuid', 'date-time', 'uri-reference'])

type Schema = Record<string, unknown>

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A copy of a response schema in which the strings of SERVER_WRITTEN_FORMATS are written unescaped. */
export function withServerWrittenStrings(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withServerWrittenStrings)
  if (!isSchema(schema)) return schema
  const copy: Schema = {}
  for (const [key, value] of Object.entries(schema)) copy[key] = withServerWrittenStrings(value)
  const types = Array.isArray(copy['type']) ? (copy['type'] as unknown[]) : [copy['type']]
  if (types.includes('string') && SERVER_WRITTEN_FORMATS.has(String(copy['format'])))
    copy['format'] = 'unsafe'
  return copy
}

// A union (`anyOf`) is written by the first branch its value validates against, with Ajv: there `unsafe`
// is a format that every string meets, so Ajv neither warns about an unknown format nor rejects one.
const SERIALIZER_OPTIONS: Options = { ajv: { formats: { unsafe: true } } }

/** The response serializer compiler: fast-json-stringify over the route's schema, as Fastify's own. */
export function createSerializerCompiler(): FastifySerializerCompiler<unknown> {
  return ({ schema }) => fastJsonStringify(withServerWrittenStrings(schema) as AnySchema, SERIALIZER_OPTIONS)
}
