import { isUtf8 } from 'node:buffer'
import type { FastifyInstance } from 'fastify'
import { ApiError } from '../errors.js'

/**
 * Replaces Fastify's JSON body parser with one that refuses bytes that are not UTF-8 (400) instead of
 * decoding them into U+FFFD and storing text the client never sent; everything else (empty bodies,
 * syntax errors, `__proto__` and `constructor` keys) is left to Fastify's own parser.
 */
export function strictJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    if (!isUtf8(body as Buffer)) {
      done(new ApiError('BAD_REQUEST', 'Request body is not valid UTF-8'), undefined)
      return
    }
    void parseJson(request, (body as Buffer).toString('utf8'), done)
  })
}
