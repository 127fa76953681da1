import { isUtf8 } from 'node:buffer'
import type { FastifyInstance, preValidationHookHandler } from 'fastify'
import { ApiError } from '../errors.js'

/**
 * Most values (each array, object and member) a JSON body may hold. JSON.parse pays for every nested
 * array, so a body within the size limit packed with `[[[[…]]]]` would hold the event loop far longer
 * than any real request (docs/performance.md); no request needs more than this (16 KiB of preferences
 * holds at most about 8,200).
 */
const JSON_BODY_MAX_VALUES = 10_000

const QUOTE = 0x22
const BACKSLASH = 0x5c
const COMMA = 0x2c
const OPEN_BRACKET = 0x5b
const OPEN_BRACE = 0x7b

/**
 * True when a JSON text holds more than `limit` values, counting each `[`, `{` and `,` outside strings:
 * one pass over the bytes (strings skipped natively), stopping at the first value over the limit.
 */
function holdsMoreJsonValues(bytes: Buffer, limit: number): boolean {
  let values = 0
  for (let index = 0; index < bytes.length; index += 1) {
    const byte = bytes[index]
    if (byte === QUOTE) {
      index = closingQuote(bytes, index)
    } else if (byte === OPEN_BRACKET || byte === OPEN_BRACE || byte === COMMA) {
      values += 1
      if (values > limit) return true
    }
  }
  return false
}

/** Index of the quote that ends the string opened at `opening` (the end of the text if none does). */
function closingQuote(bytes: Buffer, opening: number): number {
  for (let quote = bytes.indexOf(QUOTE, opening + 1); quote !== -1; quote = bytes.indexOf(QUOTE, quote + 1)) {
    // Escaped when an odd number of backslashes precede it; each backslash is counted once at most.
    let backslashes = 0
    while (bytes[quote - 1 - backslashes] === BACKSLASH) backslashes += 1
    if (backslashes % 2 === 0) return quote
  }
  return bytes.length
}

/**
 * Replaces Fastify's JSON body parser with one that refuses bytes that are not UTF-8 (400) instead of
 * decoding them into U+FFFD and storing text the client never sent, and refuses bodies of more than
 * JSON_BODY_MAX_VALUES values (413) before parsing them; everything else (empty bodies, syntax errors,
 * `__proto__` and `constructor` keys) is left to Fastify's own parser.
 */
export function strictJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer
    if (!isUtf8(bytes)) {
      done(new ApiError('BAD_REQUEST', 'Request body is not valid UTF-8'), undefined)
      return
    }
    if (holdsMoreJsonValues(bytes, JSON_BODY_MAX_VALUES)) {
      const message = `Request body holds more than ${JSON_BODY_MAX_VALUES.toLocaleString('en')} JSON values`
      done(new ApiError('PAYLOAD_TOO_LARGE', message), undefined)
      return
    }
    void parseJson(request, bytes.toString('utf8'), done)
  })
}

/**
 * A route's `preValidation` hook for a body whose every field is optional: a request sent without
 * any body (no Content-Type, nothing to parse) is validated as `{}` instead of failing as "not an
 * object".
 */
export const absentBodyIsEmpty: preValidationHookHandler = (request, _reply, done) => {
  if (request.body === undefined || request.body === null) request.body = {}
  done()
}
