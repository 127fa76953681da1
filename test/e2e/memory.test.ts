import assert from 'node:assert/strict'
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, it, type TestContext } from 'node:test'
import { setTimeout as delay } from 'node:timers/promises'
import { ensureBuilt, get, ROOT, waitUntil } from './built-server.js'

// The built server's resident memory when idle, against a bare node process started the same way
// (bin/quire, the same node flags and environment) on the same machine: what Quire itself adds,
// whatever node's binary weighs here. `npm run bench:memory` prints the figures stage by stage.

/**
 * Idle Quire over an idle bare node, in MiB: room for the server's modules, not for the password
 * dictionaries, which would cross it if they were loaded in the main thread or at start-up.
 */
const IDLE_OVERHEAD_LIMIT_MIB = 90

function residentMiB(child: ChildProcess): number {
  const status = readFileSync(`/proc/${String(child.pid)}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
}

interface Launched {
  child: ChildProcess
  stdout: () => string
}

function launch(t: TestContext, script: string, env: Record<string, string>): Launched {
  // bin/quire execs node, so the child's pid is node's own.
  const child = spawn('sh', [join(ROOT, 'bin', 'quire'), script], {
    cwd: ROOT,
    env: { PATH: process.env['PATH'] ?? '', NODE: process.execPath, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let out = ''
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')))
  t.after(() => {
    child.kill('SIGKILL')
  })
  return { child, stdout: () => out }
}

describe('built server memory', () => {
  it(`idles within ${IDLE_OVERHEAD_LIMIT_MIB} MiB of a bare node process: the password dictionaries are not loaded until a password is checked`, async (t) => {
    if (process.platform !== 'linux') {
      t.skip('reads /proc')
      return
    }
    await ensureBuilt(t)
    const dir = mkdtempSync(join(tmpdir(), 'quire-memory-'))
    t.after(() => {
      rmSync(dir, { recursive: true, force: true })
    })
    const idleScript = join(dir, 'idle.cjs')
    writeFileSync(idleScript, 'setInterval(() => {}, 60_000)\n')
    const bare = launch(t, idleScript, {}).child
    const launched = launch(t, join(ROOT, 'dist', 'server.js'), {
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: `sqlite:${join(dir, 'quire.db')}`,
      SECRET_KEY_FILE: join(dir, 'secret.key'),
      LOG_LEVEL: 'info',
    })
    const server = launched.child
    const port = await waitUntil('the listening line', () => {
      if (server.exitCode !== null) throw new Error('the server exited')
      const match = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(launched.stdout())
      return match ? Number(match[1]) : undefined
    })
    assert.equal((await get(port, '/v1')).status, 200)
    // Start-up's garbage is collected within moments; the figure is the settled one.
    await delay(2000)
    const overhead = residentMiB(server) - residentMiB(bare)
    t.diagnostic(
      `idle: Quire ${residentMiB(server).toFixed(0)} MiB, bare node ${residentMiB(bare).toFixed(0)} MiB`,
    )
    assert.ok(
      overhead < IDLE_OVERHEAD_LIMIT_MIB,
      `idle Quire is ${overhead.toFixed(0)} MiB above a bare node process (limit ${IDLE_OVERHEAD_LIMIT_MIB})`,
    )
  })
})
