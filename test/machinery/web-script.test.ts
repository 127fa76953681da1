import assert from 'node:assert/strict'
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { connect, createServer } from 'node:net'
import { describe, it, type TestContext } from 'node:test'
import { fileURLToPath } from 'node:url'
import { ensureBuilt, waitUntil } from '../e2e/built-server.js'
import { tempDir } from '../helpers.js'
import { freePort } from '../scale/external.js'

// `npm run web` (scripts/web.mjs) as a developer runs it: real processes on real ports. Ports come from
// PORT and WEB_PORT, picked free for each test, so other servers on the machine are never in the way.

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/** Whether something accepts connections on the port (on 127.0.0.1). */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => {
      resolve(false)
    })
  })
}

/** Starts the script with both ports given; its output is collected. */
function startWeb(
  t: TestContext,
  ports: { api: number; web: number },
): { child: ChildProcess; output: () => string; exited: Promise<[number | null, string | null]> } {
  const child = spawn(process.execPath, ['scripts/web.mjs'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(ports.api),
      WEB_PORT: String(ports.web),
      DATABASE_URL: `sqlite:${tempDir(t, 'quire-web-')}/quire.db`,
      SECRET_KEY: Buffer.alloc(32, 7).toString('base64'),
    },
  })
  let text = ''
  child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')))
  child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')))
  const exited = once(child, 'exit') as Promise<[number | null, string | null]>
  t.after(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  })
  return { child, output: () => text, exited }
}

describe('npm run web (scripts/web.mjs)', () => {
  for (const busy of ['api', 'web'] as const) {
    it(`a busy ${busy === 'api' ? 'API (PORT)' : 'web app (WEB_PORT)'} port: one clear message, exit 1, nothing started`, async (t) => {
      await ensureBuilt(t)
      const ports = { api: await freePort(), web: await freePort() }
      const occupier = createServer()
      await new Promise<void>((resolve) => occupier.listen(ports[busy], '127.0.0.1', resolve))
      t.after(() => occupier.close())

      const web = startWeb(t, ports)
      const [code] = await web.exited
      assert.equal(code, 1, web.output())
      const variable = busy === 'api' ? 'PORT' : 'WEB_PORT'
      assert.match(web.output(), new RegExp(`port ${ports[busy]} .*already in use.*${variable}=`))
      assert.equal(web.output().trim().split('\n').length, 1, web.output())
      const other = busy === 'api' ? ports.web : ports.api
      assert.equal(await listening(other), false, 'nothing listens on the other port')
    })
  }

  it('starts the API (APP_URL = the web app) and Vite, and SIGTERM frees both ports', async (t) => {
    await ensureBuilt(t)
    const ports = { api: await freePort(), web: await freePort() }
    const web = startWeb(t, ports)
    await waitUntil('both servers', async () =>
      (await listening(ports.api)) && (await listening(ports.web)) ? true : undefined,
    )
    // A registration's verification mail, logged whole outside production, links to the web app.
    const response = await fetch(`http://127.0.0.1:${ports.api}/v1/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'web-script@example.com', password: 'a long walk by the river' }),
    })
    assert.equal(response.status, 201)
    await waitUntil('the logged mail', () =>
      web.output().includes(`http://localhost:${ports.web}/verify-email#token=`) ? true : undefined,
    )

    web.child.kill('SIGTERM')
    const [code] = await web.exited
    assert.equal(code, 0, web.output())
    await waitUntil('both ports to be free', async () =>
      !(await listening(ports.api)) && !(await listening(ports.web)) ? true : undefined,
    )
  })
})
