import assert from 'node:assert/strict'
import { isUtf8 } from 'node:buffer'
import { describe, it } from 'node:test'
import fc from 'fast-check'
import { ensureBuilt, startListening } from '../e2e/built-server.js'
import { prismUnavailable, responseViolations, startPrism } from '../e2e/prism.js'
import { freshDatabaseUrl, strongPassword, TEST_ENGINE, uniqueEmail } from '../helpers.js'
import {
  describeRequest,
  fuzzRequests,
  operationsOf,
  type FuzzRequest,
  type OpenApiDocument,
} from './fuzz-requests.js'

// Contract check: Prism (@stoplight/prism-cli) as a validating proxy between the client and the built
// server. Every response passes through it and is checked against the server's own OpenAPI document;
// Prism reports each mismatch in the `sl-violations` header. A scripted walk touches every operation's
// success path, then generated requests (the fuzzer's) reach the error paths. Zero response violations.

const GENERATED = Number(process.env['CONTRACT_GENERATED'] ?? 300)

interface Exchange {
  status: number
  headers: Headers
  body: string
}

/** Whether Prism 5.14 can relay a generated request to the server as it is, and judge the answer. */
function prismCanRelay(request: FuzzRequest): boolean {
  // A HEAD answer has no body, which Prism expects.
  if (request.method === 'HEAD') return false
  // Prism reads `/v1/posts/` as `/v1/posts/{id}` with an empty ID; the server ignores the slash.
  if (/\/(\?|$)/.test(request.url)) return false
  try {
    // Prism crashes on a malformed percent-encoding in the path.
    decodeURIComponent(request.url.split('?', 1)[0] ?? '')
  } catch {
    return false
  }
  return request.body === undefined || relaysBodyIntact(request.body, request.headers['content-type'] ?? '')
}

/**
 * Prism decodes a request body (as JSON, or else as UTF-8 text) and encodes it again before relaying it,
 * but passes the original Content-Length on. A body that does not come out byte for byte the same (a
 * top-level `false` or string, spaces, escapes, bytes that are not UTF-8) reaches the server cut short
 * or padded, and the server rightly waits for the missing bytes until REQUEST_TIMEOUT.
 */
function relaysBodyIntact(body: string | Buffer, contentType: string): boolean {
  const bytes = Buffer.from(body)
  if (!isUtf8(bytes)) return false
  const text = bytes.toString('utf8')
  if (!/^application\/([\w.-]+\+)?json\b/i.test(contentType)) return true
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return true // Prism refuses it by itself; the server is then asked directly (see `send`).
  }
  if (typeof value === 'string') return value === text
  try {
    return Boolean(value) && JSON.stringify(value) === text
  } catch {
    return false // nested too deep to encode again (a RangeError), in Prism as here
  }
}

// Once: the document and the shapes of answers do not depend on the engine (the fuzzer runs on both).
const skip =
  TEST_ENGINE === 'postgres'
    ? 'responses have the same shapes on both engines (SQLite pass only)'
    : (prismUnavailable() ?? false)

describe('contract check (Prism validating proxy in front of the built server)', { skip }, () => {
  it(`every response matches the OpenAPI document (${TEST_ENGINE})`, async (t) => {
    await ensureBuilt(t)
    // Small quotas, so the walk meets their refusals too; a request budget too large to refuse the
    // walk, so every answer carries its RateLimit headers for Prism to check.
    const server = await startListening(t, {
      DATABASE_URL: await freshDatabaseUrl(t),
      USER_STORAGE_MAX_BYTES: '4096',
      USER_POST_LIMIT: '5/1m',
      REQUEST_LIMIT: '1000000/1m',
    })
    const upstream = `http://127.0.0.1:${server.port}`
    const prism = await startPrism(t, upstream)
    const { base, documentText } = prism

    const violations: string[] = []
    const checked = new Map<string, number>()
    let exchanges = 0
    let notRelayed = 0
    let answeredByPrism = 0
    const send = async (
      method: string,
      path: string,
      options: {
        token?: string
        json?: unknown
        body?: string | Buffer
        headers?: Record<string, string>
        /** Straight to the server: an exchange Prism cannot relay. */
        direct?: boolean
      } = {},
    ): Promise<Exchange> => {
      const headers: Record<string, string> = { ...options.headers }
      if (options.token !== undefined) headers['authorization'] = `Bearer ${options.token}`
      let body: string | Buffer | undefined = options.body
      if (options.json !== undefined) {
        headers['content-type'] = 'application/json'
        body = JSON.stringify(options.json)
      }
      const init = { method, headers, ...(body === undefined ? {} : { body }) }
      const response = options.direct === true ? undefined : await fetch(`${base}${path}`, init)
      const text = response === undefined ? '' : await response.text()
      exchanges += 1
      if (response !== undefined && response.headers.get('x-request-id') === null) {
        // Prism answered by itself (a request it refused, a dropped upstream connection): the server
        // never judged this exchange.
        answeredByPrism += 1
      }
      if (response === undefined || response.headers.get('x-request-id') === null) {
        // Ask the server directly and hold the answer to the fuzzer's invariants.
        notRelayed += 1
        const direct = await fetch(`${upstream}${path}`, init)
        const directText = await direct.text()
        if (direct.status >= 500 || direct.headers.get('x-request-id') === null) {
          violations.push(
            `${method} ${path} → ${String(direct.status)} (direct): ${directText.slice(0, 300)}`,
          )
        }
        return { status: direct.status, headers: direct.headers, body: directText }
      }
      const key = `${method} ${String(response.status)}`
      checked.set(key, (checked.get(key) ?? 0) + 1)
      for (const violation of responseViolations(response.headers.get('sl-violations'))) {
        violations.push(
          `${method} ${path} → ${String(response.status)}: ${violation.location.join('.')}: ${violation.message}`,
        )
      }
      if (response.status >= 500) {
        violations.push(`${method} ${path} → ${String(response.status)}: ${text.slice(0, 300)}`)
      }
      return { status: response.status, headers: response.headers, body: text }
    }
    const dataOf = (exchange: Exchange): { id: string; token?: string } =>
      (JSON.parse(exchange.body) as { data: { id: string; token?: string } }).data

    // The walk: every operation's success path, in the order a client would use them.
    assert.equal((await send('GET', '/v1')).status, 200)
    const email = uniqueEmail('contract')
    const password = strongPassword()
    assert.equal(
      (await send('POST', '/v1/register', { json: { email, password, display_name: 'Ada' } })).status,
      201,
    )
    const login = await send('POST', '/v1/sessions', { json: { email, password } })
    const token = dataOf(login).token ?? ''
    const spare = dataOf(await send('POST', '/v1/sessions', { json: { email, password } }))
    await send('GET', '/v1/me?include=sessions,posts', { token })
    await send('PATCH', '/v1/me', { token, json: { display_name: 'Ada L.', preferences: { theme: 'dark' } } })
    await send('GET', '/v1/sessions?limit=1', { token })
    await send('DELETE', `/v1/sessions/${spare.id}`, { token })
    const post = dataOf(await send('POST', '/v1/posts', { token, json: { title: 'Walk', body: 'Text' } }))
    const etag = (await send('GET', `/v1/posts/${post.id}`, { token })).headers.get('etag') ?? ''
    await send('GET', `/v1/posts/${post.id}`, { token, headers: { 'if-none-match': etag } })
    await send('PATCH', `/v1/posts/${post.id}`, {
      token,
      json: { title: 'Walk, edited' },
      headers: { 'if-match': etag },
    })
    await send('PUT', `/v1/posts/${post.id}`, {
      token,
      json: { title: 'Walk', body: 'New', visibility: 'private' },
    })
    await send('GET', '/v1/posts?limit=1', { token })
    await send('GET', '/v1/posts?from=0', {})
    await send('GET', '/v1/me/posts', { token })
    const raw = dataOf(
      await send('POST', `/v1/posts/${post.id}/attachments?filename=notes.txt`, {
        token,
        body: 'some notes',
        headers: { 'content-type': 'text/plain' },
      }),
    )
    const boundary = 'contractboundary'
    const multipart =
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="pixel.png"\r\n` +
      `Content-Type: image/png\r\n\r\nPNGDATA\r\n--${boundary}--\r\n`
    const photo = dataOf(
      await send('POST', `/v1/posts/${post.id}/attachments`, {
        token,
        body: multipart,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      }),
    )
    await send('GET', `/v1/posts/${post.id}/attachments`, { token })
    await send('GET', `/v1/posts/${post.id}/attachments/${raw.id}`, { token })
    await send('GET', `/v1/posts/${post.id}/attachments/${raw.id}/content`, { token })
    await send('GET', `/v1/posts/${post.id}/attachments/${raw.id}/content`, {
      token,
      headers: { range: 'bytes=0-3' },
    })
    await send('GET', `/v1/posts/${post.id}/attachments/${raw.id}/content`, {
      token,
      headers: { range: 'bytes=99-' },
    })
    await send('POST', `/v1/posts/${post.id}/attachments/${photo.id}/select`, { token })
    await send('PATCH', `/v1/attachments/${raw.id}`, { token, json: { filename: 'renamed.txt' } })
    const comment = dataOf(
      await send('POST', `/v1/posts/${post.id}/comments`, { token, json: { body: 'First' } }),
    )
    await send('POST', `/v1/posts/${post.id}/attachments/${photo.id}/comments`, {
      token,
      json: { body: 'Nice' },
    })
    await send('GET', `/v1/posts/${post.id}/comments`, { token })
    await send('GET', `/v1/posts/${post.id}/attachments/${photo.id}/comments`, { token })
    await send('GET', `/v1/comments/${comment.id}`, { token })
    await send('PATCH', `/v1/comments/${comment.id}`, { token, json: { body: 'First!' } })
    await send('PUT', `/v1/comments/${comment.id}`, { token, json: { body: 'First.' } })
    // The quotas' refusals: a file that does not fit in USER_STORAGE_MAX_BYTES (413) and a post past
    // USER_POST_LIMIT (429).
    const overQuota = await send('POST', `/v1/posts/${post.id}/attachments?filename=big.txt`, {
      token,
      body: 'x'.repeat(5000),
      headers: { 'content-type': 'text/plain' },
    })
    assert.equal(overQuota.status, 413, overQuota.body)
    for (let posted = 1; ; posted += 1) {
      const answer = await send('POST', '/v1/posts', { token, json: { title: `Quota ${String(posted)}` } })
      if (answer.status === 429) break
      assert.equal(answer.status, 201, answer.body)
      assert.ok(posted < 5, 'the post limit answers 429 past 5')
    }

    // The error paths, with the fuzzer's generated requests aimed at the walk's real IDs and token.
    const document = JSON.parse(documentText) as OpenApiDocument
    const targets = { ids: [post.id, raw.id, photo.id, comment.id, spare.id], tokens: [token] }
    const generated = fc.sample(fuzzRequests(operationsOf(document), targets), {
      seed: 7,
      numRuns: GENERATED,
    })
    // Not the requests that would end the walk's account or session halfway through.
    const usable = generated.filter(
      (request: FuzzRequest) =>
        request.method !== 'DELETE' || !/\/(me|sessions\/others)\/?(\?|$)/.test(request.url),
    )
    for (let start = 0; start < usable.length; start += 5) {
      await Promise.all(
        usable.slice(start, start + 5).map(async (request) => {
          const headers = { ...request.headers }
          try {
            await send(request.method, request.url, {
              headers,
              ...(request.body === undefined ? {} : { body: request.body }),
              direct: !prismCanRelay(request),
            })
          } catch (error) {
            // fetch refuses some generated requests itself (forbidden header values): not the server's answer.
            if (!(error instanceof TypeError))
              throw new Error(`${describeRequest(request)}: ${String(error)}`)
            if (!prism.running()) {
              throw new Error(`Prism died on ${describeRequest(request)}: ${prism.output().slice(-2000)}`)
            }
          }
        }),
      )
    }

    // And the clean-up operations last.
    await send('DELETE', `/v1/comments/${comment.id}`, { token })
    await send('DELETE', `/v1/attachments/${raw.id}`, { token })
    await send('DELETE', `/v1/posts/${post.id}`, { token })
    await send('DELETE', '/v1/sessions/others', { token })
    const newPassword = strongPassword()
    await send('PUT', '/v1/me/password', {
      token,
      json: { current_password: password, new_password: newPassword },
    })
    await send('DELETE', '/v1/me', { token, json: { password: newPassword } })

    t.diagnostic(
      `${exchanges} exchanges: ${exchanges - notRelayed} validated by Prism, ${notRelayed} sent to the server ` +
        `directly (${notRelayed - answeredByPrism} Prism cannot relay intact, ${answeredByPrism} it refused ` +
        `itself): ${JSON.stringify(Object.fromEntries([...checked].sort()))}`,
    )
    assert.deepEqual(violations.slice(0, 20), [], `${violations.length} response violations`)
  })
})
