import { createHash } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { TestContext } from 'node:test'

// A local stand-in for Have I Been Pwned's k-anonymity range API, speaking the same format, for the
// tests of PASSWORD_BREACH_CHECK=hibp.

/** Upper-case hex SHA-1, as the range API lists hashes. */
export function sha1(text: string): string {
  return createHash('sha1').update(text).digest('hex').toUpperCase()
}

/** A range API stand-in on 127.0.0.1; `handle` answers each request, and every request path is kept. */
export async function standIn(
  t: TestContext,
  handle: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<{ url: string; paths: string[] }> {
  const paths: string[] = []
  const server = createServer((request, response) => {
    paths.push(request.url ?? '')
    handle(request, response)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.after(() => {
    server.closeAllConnections()
    return new Promise<void>((resolve) =>
      server.close(() => {
        resolve()
      }),
    )
  })
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/range/`, paths }
}

/** Answers like HIBP: every known suffix under the prefix, plus padding lines with a count of 0. */
export function corpus(passwords: Record<string, number>) {
  return (request: IncomingMessage, response: ServerResponse) => {
    const prefix = (request.url ?? '').split('/').pop() ?? ''
    const lines = Object.entries(passwords)
      .map(([password, count]) => [sha1(password), count] as const)
      .filter(([hash]) => hash.startsWith(prefix))
      .map(([hash, count]) => `${hash.slice(5)}:${count}`)
    lines.push('0123456789ABCDEF0123456789ABCDEF012:0', 'FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF:3')
    response.setHeader('content-type', 'text/plain')
    response.end(lines.join('\r\n'))
  }
}
