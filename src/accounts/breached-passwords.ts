import { createHash } from 'node:crypto'

// NIST SP 800-63B §5.1.1.2 asks verifiers to refuse passwords known from breach corpuses. Have I Been
// Pwned's range API answers that with k-anonymity: only the first 5 hex characters of the password's
// SHA-1 leave the server, and the answer lists every suffix with that prefix (`SUFFIX:COUNT` lines).

/** How long a lookup may take before the password is accepted without it (fail open). */
const BREACH_CHECK_TIMEOUT_MS = 1000
// A real answer is ~30 KiB (about 800–1,000 lines with padding); anything far bigger is not one.
const RESPONSE_MAX_BYTES = 1024 * 1024

/** What a lookup found: breached or not, or `unavailable` with the reason (the caller fails open). */
type BreachVerdict = { breached: boolean } | { unavailable: string }

async function readCapped(response: Response): Promise<string> {
  if (!response.body) return ''
  // undici types the body's chunks as any; a fetch body yields bytes.
  const reader = (response.body as ReadableStream<Uint8Array>).getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > RESPONSE_MAX_BYTES) {
      await reader.cancel()
      throw new Error(`answer larger than ${RESPONSE_MAX_BYTES} bytes`)
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks).toString('latin1')
}

/** True when `suffix` is listed with a count above zero (padding lines carry a count of 0). */
function listsSuffix(body: string, suffix: string): boolean {
  for (const line of body.split('\n')) {
    const separator = line.indexOf(':')
    if (separator !== 35) continue
    if (line.slice(0, separator).toUpperCase() !== suffix) continue
    return Number.parseInt(line.slice(separator + 1).trim(), 10) > 0
  }
  return false
}

/**
 * Looks a (normalised) password up in a range API at `baseUrl` (the prefix is appended). Asynchronous
 * I/O, so it never holds the event loop; any failure or a timeout returns `unavailable`.
 */
export async function checkBreachedPassword(
  password: string,
  baseUrl: string,
  timeoutMs = BREACH_CHECK_TIMEOUT_MS,
): Promise<BreachVerdict> {
  const sha1 = createHash('sha1').update(password, 'utf8').digest('hex').toUpperCase()
  const prefix = sha1.slice(0, 5)
  try {
    const response = await fetch(`${baseUrl}${prefix}`, {
      headers: { 'add-padding': 'true', 'user-agent': 'Quire password check' },
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    })
    if (response.status !== 200) {
      await response.body?.cancel()
      return { unavailable: `status ${response.status}` }
    }
    return { breached: listsSuffix(await readCapped(response), sha1.slice(5)) }
  } catch (error) {
    const reason =
      error instanceof Error ? (error.name === 'TimeoutError' ? 'timed out' : error.message) : 'failed'
    return { unavailable: reason }
  }
}
