import type { TestContext } from 'node:test'
import { SMTPServer } from 'smtp-server'

/** A message the test SMTP server received, decoded. */
export interface ReceivedMail {
  from: string
  to: string[]
  subject: string
  text: string
  html: string
  raw: string
}

export interface TestSmtpServer {
  /** `smtp://127.0.0.1:<port>` for MAIL_URL. */
  url: string
  port: number
  mails: ReceivedMail[]
  /** While true, every message is refused with a temporary error (451), as by a server in trouble. */
  refusing: boolean
  /** Resolves with the first mail (already received or arriving later) that matches. */
  waitForMail(predicate: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => `%${hex}`)
    .replace(/%(?![0-9A-F]{2})/gi, '%25')
  try {
    return decodeURIComponent(bytes)
  } catch {
    return bytes
  }
}

function splitHeaders(part: string): { headers: Map<string, string>; body: string } {
  const end = part.search(/\r?\n\r?\n/)
  const head = end === -1 ? part : part.slice(0, end)
  const body = end === -1 ? '' : part.slice(end).replace(/^\r?\n\r?\n/, '')
  const headers = new Map<string, string>()
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  return { headers, body }
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase()
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body)
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  return body
}

/** Decodes the text and HTML bodies of a (possibly multipart/alternative) message. */
function parseMail(raw: string, envelope: { from: string; to: string[] }): ReceivedMail {
  const { headers, body } = splitHeaders(raw)
  const contentType = headers.get('content-type') ?? 'text/plain'
  const mail: ReceivedMail = { ...envelope, subject: headers.get('subject') ?? '', text: '', html: '', raw }
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1]
  const parts = boundary
    ? body.split(`--${boundary}`).slice(1, -1)
    : [
        `content-type: ${contentType}\r\ncontent-transfer-encoding: ${headers.get('content-transfer-encoding') ?? '7bit'}\r\n\r\n${body}`,
      ]
  for (const part of parts) {
    const parsed = splitHeaders(part.replace(/^\r?\n/, ''))
    const type = parsed.headers.get('content-type') ?? 'text/plain'
    const decoded = decodeBody(parsed.headers, parsed.body)
    if (type.startsWith('text/html')) mail.html = decoded
    else if (type.startsWith('text/plain')) mail.text = decoded
  }
  return mail
}

/** The token in a mail's link (`…#token=…`). */
export function tokenFromMail(mail: ReceivedMail): string {
  const match = /#token=([A-Za-z0-9_-]+)/.exec(mail.text)
  if (!match?.[1]) throw new Error(`no token link in mail: ${mail.text}`)
  return match[1]
}

/** A real SMTP server (smtp-server) on an ephemeral port in the test process; closed when the test ends. */
export async function startSmtpServer(t: TestContext): Promise<TestSmtpServer> {
  const waiters: Array<() => void> = []
  const state: TestSmtpServer = {
    url: '',
    port: 0,
    mails: [],
    refusing: false,
    async waitForMail(predicate, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const found = state.mails.find(predicate)
        if (found) return found
        const remaining = deadline - Date.now()
        if (remaining <= 0) {
          throw new Error(
            `no matching mail within ${timeoutMs} ms; got: ${state.mails.map((m) => `${m.to.join(',')}: ${m.subject}`).join(' | ')}`,
          )
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(remaining, 200))
          waiters.push(() => {
            clearTimeout(timer)
            resolve()
          })
        })
      }
    },
  }
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        if (state.refusing) {
          callback(Object.assign(new Error('Try again later'), { responseCode: 451 }))
          return
        }
        const from = session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address)
        state.mails.push(parseMail(Buffer.concat(chunks).toString('utf8'), { from, to }))
        for (const wake of waiters.splice(0)) wake()
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.server.address()
  state.port = typeof address === 'object' && address ? address.port : 0
  state.url = `smtp://127.0.0.1:${state.port}`
  t.after(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve()
        })
      }),
  )
  return state
}
