import fc from 'fast-check'

// Generators of hostile HTTP requests, driven by the live OpenAPI document: every operation it lists,
// with path IDs, query strings, headers, content types and bodies that range from nearly valid to
// absurd. Pure functions of a seed, so a failure replays exactly.

/** One generated request, ready for `inject` or a real socket. */
export interface FuzzRequest {
  method: string
  url: string
  headers: Record<string, string>
  body?: string | Buffer
}

/** What the fuzzer knows about the live server: real IDs and tokens, so requests reach deep code. */
export interface FuzzTargets {
  ids: string[]
  tokens: string[]
}

interface JsonSchema {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  enum?: unknown[]
  minimum?: number
  maximum?: number
  maxLength?: number
  format?: string
}

interface Parameter {
  name: string
  in: string
  schema?: JsonSchema
}

interface Operation {
  responses?: Record<string, unknown>
  parameters?: Parameter[]
  requestBody?: { content: Record<string, { schema?: JsonSchema }> }
}

/** The part of an OpenAPI document the fuzzer reads. */
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>
}

/** An operation of the OpenAPI document, flattened for generation. */
export interface OperationSpec {
  method: string
  path: string
  query: Parameter[]
  jsonBody?: JsonSchema
  acceptsMultipart: boolean
  acceptsAnyType: boolean
}

/** Whether an operation answers with an endless stream (Server-Sent Events), which a request cannot wait out. */
function streams(operation: Operation): boolean {
  return Object.values(operation.responses ?? {}).some(
    (response) =>
      typeof response === 'object' &&
      response !== null &&
      'text/event-stream' in ((response as { content?: object }).content ?? {}),
  )
}

/**
 * Lists every operation of an OpenAPI document but the event stream (test/events/ covers it over real
 * sockets, where a stream can be read and closed).
 */
export function operationsOf(document: {
  paths: Record<string, Record<string, Operation>>
}): OperationSpec[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([, operation]) => !streams(operation))
      .map(([method, operation]) => {
        const content = operation.requestBody?.content ?? {}
        return {
          method: method.toUpperCase(),
          path,
          query: (operation.parameters ?? []).filter((parameter) => parameter.in === 'query'),
          jsonBody: content['application/json']?.schema,
          acceptsMultipart: 'multipart/form-data' in content,
          acceptsAnyType: '*/*' in content,
        }
      }),
  )
}

// Sizes of known attacks: 80,000 spaces in a part's Content-Type (a ReDoS), `preferences` nested
// 5,000 deep and bodies of U+FDFA up to the body limit (NFKC expansion), plus bodies packed with as
// many JSON values as the limit holds.
const PART_TYPE_WHITESPACE_MAX = 80_000
const NESTING_DEPTH_MAX = 5_000
/** JSON_BODY_MAX_BYTES's default: huge strings and packed bodies reach it, and a little beyond (413). */
const BODY_LIMIT_BYTES = 1024 * 1024
// Text that ends up in a URL (query values) is cut here: the URL limit (8 KiB → 414) is reached long
// before, and percent-encoding a megabyte per request would slow generation for nothing.
const URL_TEXT_MAX = 20_000

/** Percent-encodes every byte of the UTF-8 form except unreserved characters (lone surrogates become U+FFFD). */
function percentEncode(text: string): string {
  return Array.from(Buffer.from(text, 'utf8'), (byte) =>
    /[A-Za-z0-9\-._~]/.test(String.fromCharCode(byte))
      ? String.fromCharCode(byte)
      : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
  ).join('')
}

const EDGE_TEXT = [
  '',
  ' ',
  '\u0000',
  '\uD800',
  '\uDFFF',
  '\u202E',
  '\u2066',
  '\u200B',
  '\uFDFA',
  '\uFEFF',
  '\uFFFD',
  '\u0085',
  '\u2028',
  '\r\n',
  '\t',
  'ﬀ',
  '𝔘',
  '👩‍👩‍👧',
  'A\u030A',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  "'; drop table users; --",
  '%00',
  '%ZZ',
  '\\u0000',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'null',
  'NaN',
  '-0',
  '1e309',
]

/** Text mixing ordinary characters, unicode edge cases and the occasional huge run. */
const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 40 }) },
  {
    weight: 3,
    arbitrary: fc.array(fc.constantFrom(...EDGE_TEXT), { maxLength: 6 }).map((parts) => parts.join('')),
  },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom('a', ' ', '\uFDFA', 'é', '\u0000', '€', '{', '\uD800', '"'),
        fc.integer({ min: 100, max: BODY_LIMIT_BYTES + 1024 }),
      )
      // Sized in UTF-8 bytes, so every unit can fill a body up to (and past) the limit.
      .map(([unit, bytes]) => unit.repeat(Math.ceil(bytes / Buffer.byteLength(unit)))),
  },
)

const numberLike = fc.oneof(
  fc.integer().map(String),
  fc.constantFrom(
    '0',
    '-1',
    '1e1',
    '0x10',
    '1.5',
    ' 5',
    '5 ',
    '%20',
    '',
    '+3',
    '100',
    '101',
    '9007199254740993',
    'NaN',
    'Infinity',
    '١٢',
  ),
)

/** A JSON value of any shape, small. */
const anyJson = fc.jsonValue({ maxDepth: 3 })

const VALID_STRINGS: Record<string, fc.Arbitrary<string>> = {
  email: fc.emailAddress(),
  uuid: fc.uuid(),
  'date-time': fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
}

/** A value that satisfies the schema (as far as generation goes): reaches the code past validation. */
function validValue(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 3) return fc.string({ maxLength: 10 })
  if (schema.enum) return fc.constantFrom(...schema.enum)
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type
  if (type === 'string') {
    const format = schema.format === undefined ? undefined : VALID_STRINGS[schema.format]
    if (format) return format
    const password = fc
      .tuple(fc.string({ minLength: 12, maxLength: 30 }), fc.nat())
      .map(([text, n]) => `${text} horse ${n}`)
    return fc.oneof(fc.string({ minLength: 1, maxLength: Math.min(schema.maxLength ?? 40, 40) }), password)
  }
  if (type === 'integer' || type === 'number')
    return fc.integer({ min: schema.minimum ?? 0, max: schema.maximum ?? 1000 })
  if (type === 'boolean') return fc.boolean()
  if (type === 'array') return fc.array(validValue(schema.items, depth + 1), { maxLength: 3 })
  if (type === 'object') {
    const properties = schema.properties ?? {}
    if (Object.keys(properties).length === 0)
      return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 })
    return fc.record(
      Object.fromEntries(
        Object.entries(properties).map(([name, property]) => [name, validValue(property, depth + 1)]),
      ),
      { requiredKeys: (schema.required ?? []).filter((name) => name in properties) },
    )
  }
  return fc.jsonValue({ maxDepth: 1 })
}

/** A value for a JSON Schema: usually the right type with hostile content, sometimes anything at all. */
function valueFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 3) return anyJson
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []
  const options: Array<fc.Arbitrary<unknown>> = [anyJson]
  if (schema.enum) options.push(fc.constantFrom(...schema.enum))
  for (const type of types) {
    if (type === 'string') {
      options.push(hostileText, fc.uuid(), fc.emailAddress(), fc.string({ minLength: 10, maxLength: 30 }))
      if (schema.maxLength !== undefined) options.push(fc.constant('x'.repeat(schema.maxLength + 1)))
    } else if (type === 'integer' || type === 'number') {
      options.push(fc.integer(), fc.double(), fc.constantFrom(0, -1, 1e308, Number.MAX_SAFE_INTEGER + 2))
    } else if (type === 'boolean') {
      options.push(fc.boolean())
    } else if (type === 'null') {
      options.push(fc.constant(null))
    } else if (type === 'array') {
      options.push(fc.array(valueFor(schema.items, depth + 1), { maxLength: 5 }))
    } else if (type === 'object') {
      options.push(objectFor(schema, depth + 1))
    }
  }
  return fc.oneof(...options)
}

function objectFor(schema: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {}
  const names = Object.keys(properties)
  const declared = fc.record(
    Object.fromEntries(names.map((name) => [name, valueFor(properties[name], depth)])),
    { requiredKeys: [] },
  )
  const extra = fc.dictionary(
    fc.oneof(
      fc.string({ maxLength: 10 }),
      fc.constantFrom('__proto__', 'constructor', 'id', 'email', 'user_id'),
    ),
    anyJson,
    { maxKeys: 3 },
  )
  return fc
    .tuple(declared, extra, fc.boolean())
    .map(([known, unknown, withExtra]) => (withExtra ? { ...unknown, ...known } : known))
}

/** Nested arrays or objects far deeper than any real request. */
const deepJson = fc
  .tuple(
    fc.integer({ min: 50, max: NESTING_DEPTH_MAX }),
    fc.boolean(),
    fc.constantFrom('preferences', 'title', 'body', 'x'),
  )
  .map(([depth, arrays, key]) => {
    const inner = arrays
      ? '['.repeat(depth) + ']'.repeat(depth)
      : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)
    return `{"${key}":${inner}}`
  })

/** Bodies packed with as many JSON values as the body limit holds (parsing them is the cost). */
const packedJson = fc
  .tuple(
    fc.constantFrom('preferences', 'title', 'x'),
    fc.oneof(
      fc.integer({ min: 1, max: 64 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
      fc.integer({ min: 1, max: 64 }).map((depth) => '{"a":'.repeat(depth) + '0' + '}'.repeat(depth)),
      fc.constantFrom('{}', '0', '""', '{"a":0}', '[0]', 'null'),
      // One nest as deep as the body allows.
      fc
        .integer({ min: NESTING_DEPTH_MAX, max: BODY_LIMIT_BYTES / 2 })
        .map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
    ),
    fc.integer({ min: 1_000, max: BODY_LIMIT_BYTES + 1024 }),
    fc.boolean(),
  )
  .map(([key, unit, bytes, keyed]) => {
    // An object with that many distinct keys (base-36 names: 4 characters, quoted, and a colon), or
    // an array of that many values.
    const count = Math.max(1, Math.floor((bytes - key.length - 8) / (unit.length + (keyed ? 8 : 1))))
    const inner = keyed
      ? `{${Array.from({ length: count }, (_, index) => `"${index.toString(36)}":${unit}`).join(',')}}`
      : `[${Array.from({ length: count }, () => unit).join(',')}]`
    return `{"${key}":${inner}}`
  })

// The JSON text of an object with own `__proto__` / `constructor.prototype` keys (JSON.stringify would drop them).
function withPollutionKeys(text: string): string {
  if (!text.startsWith('{')) return text
  const pollution = '"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}'
  return text === '{}' ? `{${pollution}}` : `{${pollution},${text.slice(1)}`
}

const malformedJsonText = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    '{"a":',
    'nul',
    '[1,]',
    '{"a":1}}',
    '\uFEFF{}',
    '{"a":"\\ud800"}',
    '{"a":"\\x00"}',
    '"just a string"',
    '1e99999',
    'null',
    'true',
    '[]',
  ),
  fc.string({ unit: 'binary', maxLength: 60 }),
)

const invalidUtf8 = fc
  .tuple(
    fc.constantFrom('{"title":"', '{"body":"', '{"email":"', '{"display_name":"'),
    fc.uint8Array({ minLength: 1, maxLength: 8 }),
  )
  .map(([prefix, bytes]) =>
    Buffer.concat([Buffer.from(prefix), Buffer.from([0xff, 0xc3, ...bytes]), Buffer.from('"}')]),
  )

function jsonBody(schema: JsonSchema | undefined): fc.Arbitrary<string | Buffer> {
  return fc.oneof(
    { weight: 6, arbitrary: validValue(schema ?? { type: 'object' }).map((value) => JSON.stringify(value)) },
    {
      weight: 6,
      arbitrary: fc.tuple(valueFor(schema ?? { type: 'object' }), fc.nat(9)).map(([value, roll]) => {
        const text = JSON.stringify(value)
        return roll === 0 ? withPollutionKeys(text) : text
      }),
    },
    { weight: 2, arbitrary: malformedJsonText },
    { weight: 1, arbitrary: deepJson },
    { weight: 1, arbitrary: packedJson },
    { weight: 1, arbitrary: invalidUtf8 },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 1, max: 1_200_000 }).map((size) => `{"title":"${'a'.repeat(size)}"}`),
    },
  )
}

const boundaryText = fc.stringMatching(/^[A-Za-z0-9'()+_,-./:=?]{1,70}$/)

/** A multipart body, well formed or not, with a matching or mismatching Content-Type header. */
const multipart = fc
  .record({
    boundary: boundaryText,
    declaredBoundary: fc.option(boundaryText, { nil: undefined }),
    field: fc.constantFrom('file', 'file', 'other', '', 'FILE'),
    filename: fc.option(hostileText, { nil: undefined }),
    partType: fc.option(
      fc.oneof(
        fc.constantFrom(
          'text/plain',
          'image/png',
          'application/octet-stream',
          'text/html; charset=utf-8',
          '',
          'a/b',
          '*/*',
          'x',
        ),
        fc
          .tuple(fc.integer({ min: 0, max: PART_TYPE_WHITESPACE_MAX }), fc.string({ maxLength: 5 }))
          .map(([spaces, tail]) => `a/b${' '.repeat(spaces)}${tail}`),
        hostileText,
      ),
      { nil: undefined },
    ),
    content: fc.oneof(
      fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
      hostileText.map((text) => Buffer.from(text)),
    ),
    truncated: fc.boolean(),
    parts: fc.integer({ min: 1, max: 3 }),
  })
  .map((spec) => {
    const head = [
      `Content-Disposition: form-data; name="${spec.field}"${spec.filename === undefined ? '' : `; filename="${spec.filename}"`}`,
      ...(spec.partType === undefined ? [] : [`Content-Type: ${spec.partType}`]),
    ].join('\r\n')
    const part = Buffer.concat([
      Buffer.from(`--${spec.boundary}\r\n${head}\r\n\r\n`),
      spec.content,
      Buffer.from('\r\n'),
    ])
    const parts = Buffer.concat(Array.from({ length: spec.parts }, () => part))
    const end = spec.truncated ? Buffer.alloc(0) : Buffer.from(`--${spec.boundary}--\r\n`)
    return {
      contentType: `multipart/form-data; boundary=${spec.declaredBoundary ?? spec.boundary}`,
      body: Buffer.concat([parts, end]),
    }
  })

const contentTypes = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'text/plain',
  'application/octet-stream',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'image/png',
  'application/gzip',
  'text/html',
  '',
  'garbage',
  'application/json, text/plain',
  'APPLICATION/JSON',
  'application/vnd.api+json',
)

function pathValue(targets: FuzzTargets): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...targets.ids) },
    { weight: 1, arbitrary: fc.constantFrom(...targets.ids).map((id) => id.toUpperCase()) },
    { weight: 2, arbitrary: fc.uuid() },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '0',
        '-1',
        'null',
        'undefined',
        '..',
        '%2e%2e',
        '%00',
        '%ZZ',
        'a'.repeat(300),
        '00000000-0000-0000-0000-000000000000',
        'others',
        '%F0%9F%98%80',
      ),
    },
    { weight: 1, arbitrary: hostileText.map((text) => percentEncode(text.slice(0, 500))) },
  )
}

function queryString(operation: OperationSpec, targets: FuzzTargets): fc.Arbitrary<string> {
  const known = operation.query.map((parameter) =>
    fc.option(
      fc
        .oneof(
          numberLike,
          hostileText,
          fc.constantFrom(...targets.ids),
          ...(parameter.schema?.enum ? [fc.constantFrom(...parameter.schema.enum.map(String))] : []),
          fc.constantFrom(
            'sessions',
            'posts',
            'sessions,posts',
            'sessions,sessions',
            'x',
            'c3RhbGU',
            'eyJpZCI6IngifQ',
            '!!!',
          ),
        )
        .map((value) => `${parameter.name}=${percentEncode(value.slice(0, URL_TEXT_MAX))}`),
      { nil: undefined, freq: 2 },
    ),
  )
  const extra = fc.array(
    fc.oneof(
      fc.constantFrom(
        '__proto__[polluted]=yes',
        'constructor[prototype][polluted]=yes',
        'limit=1&limit=2',
        'from=0&pagetoken=x',
        'access_token=garbage',
        'a[]=1',
        '&&&',
        '=',
        'from=1000000',
        'from=-1',
        'limit=100',
      ),
      fc
        .tuple(hostileText, hostileText)
        .map(
          ([name, value]) =>
            `${percentEncode(name.slice(0, URL_TEXT_MAX))}=${percentEncode(value.slice(0, URL_TEXT_MAX))}`,
        ),
      fc.constantFrom(...targets.tokens).map((token) => `access_token=${token}`),
    ),
    { maxLength: 2 },
  )
  return fc.tuple(fc.tuple(...known), extra).map(([parts, more]) => {
    const all = [...parts.filter((part): part is string => part !== undefined), ...more]
    return all.length === 0 ? '' : `?${all.join('&')}`
  })
}

const headerText = hostileText.map((text) =>
  // Node refuses header values with control characters or non-Latin-1 code units; keep what it can send.
  Array.from(text.slice(0, 2000))
    .filter((char) => char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) <= 0xff && char !== '\u007f')
    .join(''),
)

function headersFor(targets: FuzzTargets): fc.Arbitrary<Record<string, string>> {
  // Mostly a valid token, so requests get past authentication into the code behind it.
  const authorization = fc.oneof(
    { weight: 12, arbitrary: fc.constantFrom(...targets.tokens).map((token) => `Bearer ${token}`) },
    { weight: 3, arbitrary: fc.constant(undefined) },
    fc.constantFrom('Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', 'bearer x', 'Bearer a b'),
    fc.uuid().map((token) => `Bearer ${token}`),
    headerText,
  )
  const others = fc.record(
    {
      'if-match': fc.oneof(
        fc.constantFrom('*', '"v1"', '"v2"', 'W/"v1"', '"v1", "v2"', '""', 'garbage'),
        headerText,
      ),
      'if-none-match': fc.oneof(fc.constantFrom('*', '"v1"', 'W/"v1"', '"x"'), headerText),
      range: fc.oneof(
        fc.constantFrom(
          'bytes=0-0',
          'bytes=-5',
          'bytes=5-',
          'bytes=999999-',
          'bytes=3-1',
          'bytes=0-1,2-3',
          'bytes=',
          'items=0-1',
          'bytes=-0',
          `bytes=${'0-1,'.repeat(500)}0-1`,
        ),
        headerText,
      ),
      'x-request-id': headerText,
      accept: fc.constantFrom('*/*', 'application/json', 'text/html', 'application/xml', ''),
      'accept-encoding': fc.constantFrom('gzip', 'br', 'identity', 'x'),
      origin: fc.constantFrom('https://evil.example', 'null'),
    },
    { requiredKeys: [] },
  )
  return fc
    .tuple(authorization, others)
    .map(([token, headers]) => (token === undefined ? headers : { authorization: token, ...headers }))
}

const OTHER_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']

/** Requests against every operation of the document, from nearly valid to absurd. */
export function fuzzRequests(operations: OperationSpec[], targets: FuzzTargets): fc.Arbitrary<FuzzRequest> {
  const perOperation = operations.map((operation) =>
    fc
      .record({
        method: fc.oneof(
          { weight: 9, arbitrary: fc.constant(operation.method) },
          fc.constantFrom(...OTHER_METHODS),
        ),
        path: fc.tuple(...(operation.path.match(/\{[^}]+\}/g) ?? []).map(() => pathValue(targets))),
        query: queryString(operation, targets),
        headers: headersFor(targets),
        prefix: fc.constantFrom('', '', '', '/api'),
        trailingSlash: fc.boolean(),
        body: fc.oneof(
          {
            weight: 5,
            arbitrary: jsonBody(operation.jsonBody).map((body) => ({
              contentType: 'application/json',
              body,
            })),
          },
          { weight: operation.acceptsMultipart ? 4 : 1, arbitrary: multipart },
          {
            weight: operation.acceptsAnyType ? 3 : 1,
            arbitrary: fc
              .tuple(
                contentTypes,
                fc.oneof(
                  hostileText.map((text) => Buffer.from(text)),
                  fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
                ),
              )
              .map(([contentType, body]) => ({ contentType, body })),
          },
          {
            weight: 1,
            arbitrary: fc
              .tuple(contentTypes, jsonBody(operation.jsonBody))
              .map(([contentType, body]) => ({ contentType, body })),
          },
          { weight: 2, arbitrary: fc.constant(undefined) },
        ),
      })
      .map((spec): FuzzRequest => {
        let index = 0
        const path = operation.path.replace(/\{[^}]+\}/g, () => spec.path[index++] ?? 'x')
        const url = `${spec.prefix}${path}${spec.trailingSlash && !path.endsWith('/') ? '/' : ''}${spec.query}`
        const headers = { ...spec.headers }
        const body = spec.method === 'GET' || spec.method === 'HEAD' ? undefined : spec.body
        if (body === undefined) return { method: spec.method, url, headers }
        if (body.contentType !== '') headers['content-type'] = body.contentType
        return { method: spec.method, url, headers, body: body.body }
      }),
  )
  return fc.oneof(...perOperation)
}

/** A short, printable description of a request, for failure messages. */
export function describeRequest(request: FuzzRequest): string {
  const body =
    request.body === undefined
      ? ''
      : ` body(${request.body.length}): ${JSON.stringify(request.body.toString().slice(0, 1000))}`
  return `${request.method} ${request.url.slice(0, 300)} headers=${JSON.stringify(request.headers).slice(0, 400)}${body}`
}
