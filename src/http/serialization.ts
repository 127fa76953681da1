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

/** The property every branch of a union requires with a distinct constant value (`target_type`), if any. */
function discriminatorOf(branches: Schema[]): string | undefined {
  const [first] = branches
  const properties = isSchema(first?.['properties']) ? first['properties'] : {}
  return Object.keys(properties).find((name) => {
    const values = branches.map((branch) => {
      const property = isSchema(branch['properties']) ? branch['properties'][name] : undefined
      const required = Array.isArray(branch['required']) && branch['required'].includes(name)
      return required && isSchema(property) && typeof property['const'] === 'string'
        ? property['const']
        : undefined
    })
    return values.every((value) => value !== undefined) && new Set(values).size === values.length
  })
}

/**
 * A copy of a response schema in which each union of objects told apart by a constant property becomes
 * `if`/`then`/`else` on that property. fast-json-stringify writes a union (`anyOf`) by the first branch
 * the whole value validates against, with Ajv, item by item; an `if` checks the one property.
 */
export function withUnionsByDiscriminator(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withUnionsByDiscriminator)
  if (!isSchema(schema)) return schema
  const copy: Schema = {}
  for (const [key, value] of Object.entries(schema)) copy[key] = withUnionsByDiscriminator(value)
  const branches = copy['anyOf']
  if (!Array.isArray(branches) || branches.length < 2 || !branches.every(isSchema)) return copy
  const name = discriminatorOf(branches)
  if (name === undefined) return copy
  const { anyOf: _union, ...rest } = copy
  const last = branches[branches.length - 1] as Schema
  let chain: Schema = last
  for (const branch of branches.slice(0, -1).reverse()) {
    const value = (branch['properties'] as Record<string, Schema>)[name]?.['const']
    const test = { type: 'object', properties: { [name]: { const: value } }, required: [name] }
    chain = { if: test, then: branch, else: chain }
  }
  return { ...rest, ...chain }
}

// fast-json-stringify hands a schema with a union (or `if`) to Ajv too, where `unsafe` is a format every
// string meets: Ajv neither warns about an unknown format nor rejects a value for it.
const SERIALIZER_OPTIONS: Options = { ajv: { formats: { unsafe: true } } }

type Serializer = ReturnType<typeof fastJsonStringify>

// Serializers depend on nothing but their schema, and routes declare their schemas once at module
// level: every app a process builds (the tests build hundreds) shares those it has already compiled.
const serializers = new WeakMap<object, Serializer>()

/**
 * The serializer of a response schema, compiled once per process: what the routes' answers are written
 * with, and what a handler uses to serialize a value once for both its answer and its live event.
 */
export function serializerFor(schema: object): Serializer {
  let serializer = serializers.get(schema)
  if (serializer === undefined) {
    serializer = fastJsonStringify(
      withUnionsByDiscriminator(withServerWrittenStrings(schema)) as AnySchema,
      SERIALIZER_OPTIONS,
    )
    serializers.set(schema, serializer)
  }
  return serializer
}

/** The response serializer compiler: fast-json-stringify over the route's schema, as Fastify's own. */
export function createSerializerCompiler(): FastifySerializerCompiler<unknown> {
  return ({ schema }) => serializerFor(schema as object)
}
