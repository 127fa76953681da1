import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { Agent, request as httpRequest, type IncomingMessage } from 'node:http'
import { describe, it } from 'node:test'
import { setTimeout as delay } from 'node:timers/promises'
import { freshDatabaseUrl, sha256, strongPassword, uniqueEmail, TEST_ENGINE } from '../helpers.js'
import { ensureBuilt, get, send, startListening, type RunningServer } from './built-server.js'

// Downloads against the built server over real sockets: many slow readers of a large file must cost
// the server a chunk each, not a file each: loading every download's whole file would let a few
// anonymous clients grow the server by the files' total size.

const MIB = 1024 * 1024
const FILE_BYTES = 10 * MIB
const DOWNLOADS = 30

/** A figure (kB) from the child's /proc status: VmRSS now, or VmHWM (the peak since last reset). */
function memoryKb(pid: number | undefined, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${String(pid)}/status`, 'utf8')
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN)
}

/** Resets the child's VmHWM to its current resident size (Linux: clear_refs 5); false if not allowed. */
function resetPeak(pid: number | undefined): boolean {
  try {
    writeFileSync(`/proc/${String(pid)}/clear_refs`, '5')
    return true
  } catch {
    return false
  }
}

/** A signed-in author with a public post holding one attachment of `bytes`. */
async function uploadFile(
  server: RunningServer,
  bytes: Buffer,
): Promise<{ token: string; content: string; edit: string }> {
  const email = uniqueEmail('downloads')
  const password = strongPassword()
  assert.equal((await send(server.port, 'POST', '/v1/register', { body: { email, password } })).status, 201)
  const login = await send(server.port, 'POST', '/v1/sessions', { body: { email, password } })
  const token = (JSON.parse(login.body) as { data: { token: string } }).data.token
  const auth = { authorization: `Bearer ${token}` }
  const post = await send(server.port, 'POST', '/v1/posts', { headers: auth, body: { title: 'Large file' } })
  const postId = (JSON.parse(post.body) as { data: { id: string } }).data.id
  const upload = await send(server.port, 'POST', `/v1/posts/${postId}/attachments?filename=large.bin`, {
    headers: { ...auth, 'content-type': 'application/octet-stream' },
    body: bytes,
  })
  assert.equal(upload.status, 201, upload.body)
  const links = (JSON.parse(upload.body) as { data: { links: Record<string, string> } }).data.links
  return { token, content: links['content'] ?? '', edit: links['edit'] ?? '' }
}

/** Starts a GET and resolves with the response once its headers have arrived, paused (nothing read yet). */
function openDownload(port: number, path: string, agent: Agent): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, agent })
    request.on('response', (response) => {
      response.pause()
      resolve(response)
    })
    request.on('error', reject)
    request.end()
  })
}

/** Reads a response slowly (a pause after every piece) to its end; resolves with the bytes received. */
function readSlowly(response: IncomingMessage, pauseMs: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    response.on('data', (chunk: Buffer) => {
      chunks.push(chunk)
      response.pause()
      setTimeout(() => response.resume(), pauseMs)
    })
    response.on('end', () => {
      resolve(Buffer.concat(chunks))
    })
    response.on('error', reject)
    response.on('aborted', () => {
      reject(Object.assign(new Error('aborted'), { received: Buffer.concat(chunks) }))
    })
    response.resume()
  })
}

describe(`downloads over real sockets (built server, ${TEST_ENGINE})`, () => {
  it(`${DOWNLOADS} slow downloads of a ${FILE_BYTES / MIB} MiB file grow the server by chunks, not by files`, async (t) => {
    await ensureBuilt(t)
    const server = await startListening(t, {
      DATABASE_URL: await freshDatabaseUrl(t),
      ATTACHMENT_MAX_BYTES: String(16 * MIB),
    })
    const bytes = randomBytes(FILE_BYTES)
    const { content } = await uploadFile(server, bytes)
    const agent = new Agent({ keepAlive: false, maxSockets: DOWNLOADS })
    t.after(() => {
      agent.destroy()
    })

    // Warm up (code paths compiled, pools and buffers allocated), then take the baseline.
    for (let i = 0; i < 2; i++) {
      assert.equal(
        sha256(await readSlowly(await openDownload(server.port, content, agent), 0)),
        sha256(bytes),
      )
    }
    await delay(500)
    const pid = server.child.pid
    const baselineKb = memoryKb(pid, 'VmRSS')
    const peakResettable = resetPeak(pid)
    let sampledPeakKb = baselineKb
    const sampler = setInterval(() => {
      sampledPeakKb = Math.max(sampledPeakKb, memoryKb(pid, 'VmRSS'))
    }, 20)
    try {
      // Every download starts and its reader stalls; then they all read slowly to the end.
      const responses = await Promise.all(
        Array.from({ length: DOWNLOADS }, () => openDownload(server.port, content, agent)),
      )
      for (const response of responses) assert.equal(response.statusCode, 200)
      await delay(1500)
      const received = await Promise.all(responses.map((response) => readSlowly(response, 2)))
      for (const download of received) {
        assert.equal(download.length, FILE_BYTES)
        assert.equal(sha256(download), sha256(bytes))
      }
    } finally {
      clearInterval(sampler)
    }
    const peakKb = Math.max(sampledPeakKb, peakResettable ? memoryKb(pid, 'VmHWM') : 0)
    const growthMiB = (peakKb - baselineKb) / 1024
    const filesMiB = (DOWNLOADS * FILE_BYTES) / MIB
    t.diagnostic(
      `RSS ${Math.round(baselineKb / 1024)} MiB before, peak ${Math.round(peakKb / 1024)} MiB during ` +
        `${DOWNLOADS} downloads of ${FILE_BYTES / MIB} MiB: +${growthMiB.toFixed(1)} MiB (${filesMiB} MiB of files)`,
    )
    // Whole-file reads would hold every file at once (and on PostgreSQL run out of pool time). Chunk by
    // chunk, each download holds about a megabyte (two chunks buffered, and on PostgreSQL a chunk's hex
    // text while it is decoded); the rest of the bound is the margin of a busy machine's garbage
    // collector (docs/performance.md, "Memory").
    assert.ok(growthMiB < filesMiB / 3, `the server grew by ${growthMiB.toFixed(1)} MiB`)
    assert.equal((await get(server.port, '/v1')).status, 200)
  })

  it('a file deleted mid-download cuts that transfer short; a client that leaves mid-download harms nothing', async (t) => {
    await ensureBuilt(t)
    const server = await startListening(t, {
      DATABASE_URL: await freshDatabaseUrl(t),
      ATTACHMENT_MAX_BYTES: String(32 * MIB),
    })
    // Larger than what the kernel's socket buffers can hold for a stalled reader.
    const bytes = randomBytes(24 * MIB)
    const { token, content, edit } = await uploadFile(server, bytes)
    const agent = new Agent({ keepAlive: false })
    t.after(() => {
      agent.destroy()
    })

    // A client that reads a little, then disconnects.
    const leaving = await openDownload(server.port, content, agent)
    await new Promise<void>((resolve) => {
      leaving.once('data', () => {
        resolve()
      })
      leaving.resume()
    })
    leaving.destroy()

    // A download under way when the file is deleted: the bytes stop short of the announced length.
    const cut = await openDownload(server.port, content, agent)
    assert.equal(cut.statusCode, 200)
    assert.equal(cut.headers['content-length'], String(bytes.length))
    const deleted = await send(server.port, 'DELETE', edit, { headers: { authorization: `Bearer ${token}` } })
    assert.equal(deleted.status, 204)
    const outcome = await readSlowly(cut, 0).then(
      (received) => ({ aborted: false, received }),
      (error: unknown) => ({
        aborted: true,
        received: (error as { received?: Buffer }).received ?? Buffer.alloc(0),
      }),
    )
    assert.ok(outcome.aborted, 'the transfer ends as aborted')
    assert.ok(outcome.received.length < bytes.length, `${outcome.received.length} bytes received`)
    assert.ok(
      outcome.received.equals(bytes.subarray(0, outcome.received.length)),
      'what came is the file’s start',
    )

    // The server is well, the file answers 404 now, and nothing was logged as a server error.
    assert.equal((await get(server.port, '/v1')).status, 200)
    assert.equal((await get(server.port, content)).status, 404)
    await delay(200)
    const lines = server
      .stdout()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: number; msg?: string; res?: { statusCode?: number } })
    assert.deepEqual(
      lines.filter((line) => line.level >= 50 || (line.res?.statusCode ?? 0) >= 500),
      [],
      'no error-level line and no 5xx',
    )
    assert.ok(
      lines.some((line) => line.msg === 'response terminated with an error with headers already sent'),
      'the cut transfer is logged',
    )
  })
})
