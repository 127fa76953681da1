import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { setTimeout as delay } from 'node:timers/promises'
import { describe, it } from 'node:test'
import { processAlive } from '../helpers.js'

// The benchmark's servers run in child processes; a `kill` of the benchmark's own PID must not leave
// them running (and holding their ports) after it.

// Starts a server the way the benchmark does (a Quire-like one through startServerProcess, and the
// bare server), prints both PIDs, and waits to be killed.
const DRIVER = `
import { startServerProcess } from './bench/server-process.ts'
import { startBareServer } from './bench/load.ts'
const server = await startServerProcess({
  args: ['-e', "require('node:http').createServer((q, s) => s.end('{}')).listen(Number(process.env.PORT), process.env.HOST)"],
  env: process.env,
})
const bare = await startBareServer({ status: 200, contentType: 'application/json', body: Buffer.from('{}'), headers: {} })
process.stdout.write(JSON.stringify([server.child.pid, bare.pid]) + '\\n')
setInterval(() => {}, 1000)
`

describe('benchmark server processes', () => {
  for (const signal of ['SIGTERM', 'SIGHUP'] as const) {
    it(`stop when the process that started them gets ${signal}`, async () => {
      const driver = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', DRIVER], {
        stdio: ['ignore', 'pipe', 'inherit'],
      })
      const [line] = (await once(driver.stdout, 'data')) as [Buffer]
      const pids = JSON.parse(line.toString('utf8')) as number[]
      try {
        assert.equal(pids.length, 2)
        for (const pid of pids) assert.ok(processAlive(pid), `server ${String(pid)} runs before the signal`)
        driver.kill(signal)
        const [code] = (await once(driver, 'exit')) as [number | null]
        const deadline = Date.now() + 5000
        while (pids.some(processAlive) && Date.now() < deadline) await delay(50)
        assert.deepEqual(
          pids.filter(processAlive),
          [],
          'every server stopped with the process that started it',
        )
        // The conventional status of a process ended by that signal, as a shell reports it.
        assert.equal(code, signal === 'SIGTERM' ? 143 : 129)
      } finally {
        for (const pid of pids.filter(processAlive)) process.kill(pid, 'SIGKILL')
      }
    })
  }
})
