import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { TestContext } from 'node:test'
import { buildTestApp, UNLIMITED_WRITES, type TestApp } from '../helpers.js'

// A small Server-Sent Events reader over a real socket (inject cannot stream): it parses messages
// as they arrive and lets a test wait for the next one, or for the stream to end. And the apps the
// events tests stream from.

/** One message: its fields as the server wrote them (`data` as text). */
interface SseMessage {
  id: string | undefined
  event: string
  data: string
}

/** An open stream, or the enveloped answer that refused it. */
export class SseStream {
  readonly messages: SseMessage[] = []
  /** Every `id:` seen, including those of messages without data (heartbeats that move the cursor). */
  lastId: string | undefined
  comments = 0
  ended = false
  body = ''
  /** Every byte of an open stream, as text. */
  raw = ''
  #taken = 0
  #buffer = ''
  #waiters: Array<() => void> = []

  constructor(
    readonly status: number,
    readonly headers: IncomingHttpHeaders,
    readonly response: IncomingMessage,
  ) {
    response.setEncoding('utf8')
    response.on('data', (chunk: string) => {
      if (status !== 200) this.body += chunk
      else this.#parse(chunk)
      this.#wake()
    })
    const done = (): void => {
      this.ended = true
      this.#wake()
    }
    response.on('end', done)
    response.on('close', done)
    response.on('error', done)
  }

  #wake(): void {
    const waiters = this.#waiters
    this.#waiters = []
    for (const waiter of waiters) waiter()
  }

  #parse(chunk: string): void {
    this.raw += chunk
    this.#buffer += chunk
    let end: number
    while ((end = this.#buffer.indexOf('\n\n')) >= 0) {
      const block = this.#buffer.slice(0, end)
      this.#buffer = this.#buffer.slice(end + 2)
      let id: string | undefined
      let event = 'message'
      const data: string[] = []
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) {
          this.comments += 1
          continue
        }
        const colon = line.indexOf(':')
        const field = colon < 0 ? line : line.slice(0, colon)
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '')
        if (field === 'id') id = value
        else if (field === 'event') event = value
        else if (field === 'data') data.push(value)
      }
      if (id !== undefined) this.lastId = id
      if (data.length > 0) this.messages.push({ id, event, data: data.join('\n') })
    }
  }

  /** Waits until `check` holds (re-checked on every chunk), or fails after `timeoutMs`. */
  async until(check: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs
    while (!check()) {
      const left = deadline - Date.now()
      if (left <= 0) throw new Error(`timed out waiting for ${what}`)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left)
        this.#waiters.push(() => {
          clearTimeout(timer)
          resolve()
        })
      })
    }
  }

  /** The next message not yet taken. */
  async next(timeoutMs = 5000): Promise<SseMessage> {
    await this.until(() => this.messages.length > this.#taken || this.ended, 'the next event', timeoutMs)
    const message = this.messages[this.#taken]
    if (message === undefined) throw new Error('the stream ended')
    this.#taken += 1
    return message
  }

  /** The next message's type and parsed `data` member; the type argument states what the test expects. */
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
  async nextEvent<T = Record<string, unknown>>(
    timeoutMs = 5000,
  ): Promise<{ id?: string; event: string; data: T }> {
    const message = await this.next(timeoutMs)
    const parsed = JSON.parse(message.data) as { data: T }
    return {
      ...(message.id === undefined ? {} : { id: message.id }),
      event: message.event,
      data: parsed.data,
    }
  }

  /** Messages received and not yet taken. */
  untaken(): SseMessage[] {
    return this.messages.slice(this.#taken)
  }

  /** Waits for the stream to end. */
  async closed(timeoutMs = 5000): Promise<void> {
    await this.until(() => this.ended, 'the stream to end', timeoutMs)
  }

  /** Closes the connection. */
  close(): void {
    this.response.destroy()
  }
}

/** Opens `path` on a listening server as an event stream; resolves once the answer's headers arrive. */
export function openStream(
  port: number,
  path: string,
  headers: Record<string, string> = {},
  host = '127.0.0.1',
): Promise<SseStream> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host, port, path, headers: { accept: 'text/event-stream', ...headers } })
    request.on('response', (response) => {
      const stream = new SseStream(response.statusCode ?? 0, response.headers, response)
      if (stream.status === 200) resolve(stream)
      else
        response.on('end', () => {
          resolve(stream)
        })
    })
    request.on('error', reject)
    request.end()
  })
}

/** A test app listening on a real socket (streams cannot be injected), with the post and comment limits lifted. */
export async function listening(
  t: TestContext,
  env: Record<string, string> = {},
  options: Parameters<typeof buildTestApp>[2] = {},
): Promise<TestApp & { port: number }> {
  const testApp = await buildTestApp(t, { ...UNLIMITED_WRITES, ...env }, options)
  await testApp.app.listen({ port: 0, host: '127.0.0.1' })
  return { ...testApp, port: (testApp.app.server.address() as AddressInfo).port }
}

/** Opens a stream as `user` (or anonymously) on `topics`, closed when the test ends. */
export async function subscribe(
  t: TestContext,
  port: number,
  topics: string,
  user?: { token: string },
  headers: Record<string, string> = {},
): Promise<SseStream> {
  const stream = await openStream(port, `/v1/events?topics=${topics}`, {
    ...(user ? { authorization: `Bearer ${user.token}` } : {}),
    ...headers,
  })
  t.after(() => {
    stream.close()
  })
  return stream
}
