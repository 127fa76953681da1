import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { TestContext } from 'node:test'
import { tempDir } from '../helpers.js'
import { freePort, startProgram } from '../scale/external.js'
import { ROOT, WAIT_LIMIT_MS, type HttpAnswer } from './built-server.js'

// Prism (@stoplight/prism-cli) as a validating proxy in front of the built server: every answer that
// passes through it is checked against the server's own OpenAPI document, and each mismatch is
// reported in the answer's `sl-violations` header. Shared by the end-to-end and contract tests.

const PRISM = join(ROOT, 'node_modules', '.bin', 'prism')

/** One mismatch Prism found between an exchange and the document. */
interface PrismViolation {
  location: string[]
  severity: string
  message: string
}

/** A running Prism proxy. */
interface PrismProxy {
  /** `http://127.0.0.1:<port>`: send requests here instead of to the server. */
  base: string
  port: number
  /** The served document as text, as Prism validates against it. */
  documentText: string
  /** Prism's console output so far, for failure messages. */
  output: () => string
  running: () => boolean
}

/** Why Prism cannot run here (a one-line notice), or undefined when it can. */
export function prismUnavailable(): string | undefined {
  return existsSync(PRISM)
    ? undefined
    : `Prism is not installed (${PRISM} missing): answers are not validated`
}

/**
 * Starts Prism proxying to `upstream` (the built server's base URL), validating against the document the
 * server serves at /v1/openapi.json; stopped when the test ends.
 */
export async function startPrism(t: TestContext, upstream: string): Promise<PrismProxy> {
  const documentText = await (await fetch(`${upstream}/v1/openapi.json`)).text()
  const dir = tempDir(t, 'quire-prism-')
  const documentFile = join(dir, 'openapi.json')
  writeFileSync(documentFile, documentText)
  const port = await freePort()
  const { child, output } = await startProgram(
    t,
    PRISM,
    ['proxy', documentFile, upstream, '--port', String(port), '--host', '127.0.0.1'],
    (printed) => Promise.resolve(printed.includes('Prism is listening')),
    { cwd: ROOT, timeoutMs: WAIT_LIMIT_MS },
  )
  return {
    base: `http://127.0.0.1:${port}`,
    port,
    documentText,
    output,
    running: () => child.exitCode === null && child.signalCode === null,
  }
}

/** Every violation in an answer's `sl-violations` header. */
function violationsIn(header: string | string[] | null | undefined): PrismViolation[] {
  if (header === null || header === undefined) return []
  const text = Array.isArray(header) ? header.join(',') : header
  // Over 8 KiB of them, Prism cuts the list and says so: counted as a response violation, to be read.
  if (text.startsWith('Too many violations!')) {
    return [{ location: ['response'], severity: 'Error', message: text.slice(0, 500) }]
  }
  return JSON.parse(text) as PrismViolation[]
}

/** The violations of the response (not of the request) in an answer's `sl-violations` header. */
export function responseViolations(header: string | string[] | null | undefined): PrismViolation[] {
  return violationsIn(header).filter((violation) => violation.location[0] === 'response')
}

/** True when Prism found no operation for the request (a route the document leaves out), so judged nothing. */
function outsideDocument(header: string | string[] | null | undefined): boolean {
  return violationsIn(header).some((violation) => violation.message === 'Selected route not found')
}

/** Where an end-to-end test sends its requests, and what Prism made of the answers. */
interface ValidatedServer {
  /** Prism's port, or the server's own where Prism cannot run. */
  port: number
  /** Records the answer's response violations, or that Prism answered by itself instead of relaying. */
  check: (label: string, answer: HttpAnswer) => HttpAnswer
  /** Everything recorded so far; a test asserts it stays empty. */
  violations: string[]
  /** What was checked, for the test's diagnostic line. */
  summary: () => string
}

/**
 * Puts Prism in front of a built server listening on `serverPort`. Where Prism cannot run, the test
 * talks to the server directly, and its summary line says so.
 */
export async function behindPrism(t: TestContext, serverPort: number): Promise<ValidatedServer> {
  const violations: string[] = []
  const unavailable = prismUnavailable()
  if (unavailable !== undefined) {
    return { port: serverPort, check: (_label, answer) => answer, violations, summary: () => unavailable }
  }
  const prism = await startPrism(t, `http://127.0.0.1:${serverPort}`)
  let validated = 0
  const undocumented: string[] = []
  return {
    port: prism.port,
    check: (label, answer) => {
      if (outsideDocument(answer.headers['sl-violations'])) undocumented.push(label)
      else validated += 1
      // Every answer of the server carries X-Request-Id; one without it came from Prism itself.
      if (answer.headers['x-request-id'] === undefined) {
        violations.push(
          `${label}: not relayed by Prism (${String(answer.status)}): ${answer.body.slice(0, 300)}`,
        )
      }
      for (const violation of responseViolations(answer.headers['sl-violations'])) {
        violations.push(
          `${label} → ${String(answer.status)}: ${violation.location.join('.')}: ${violation.message}`,
        )
      }
      return answer
    },
    violations,
    summary: () =>
      `Prism validated ${String(validated)} answer(s) against the document` +
      (undocumented.length === 0 ? '' : `; routes it leaves out, not validated: ${undocumented.join(', ')}`),
  }
}
