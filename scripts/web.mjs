// `npm run web` (after `npm run build`): a local Quire (the built server on PORT, default 3000) and the web
// app's Vite dev server on another origin (http://localhost:WEB_PORT, default 5173) pointed at it, with the
// API's APP_URL set to the app so mailed links open it. Both ports are checked before anything starts.
// Each child runs in a process group of its own, and the whole group is stopped when this script ends,
// whether by Ctrl-C, SIGTERM or a child exiting, so no Vite (or its esbuild) is left behind.
import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { setTimeout } from 'node:timers'
import { fileURLToPath, URL } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const apiPort = process.env.PORT ?? '3000'
const webPort = process.env.WEB_PORT ?? '5173'
const apiUrl = process.env.VITE_QUIRE_API_URL ?? `http://localhost:${apiPort}`
const webOrigin = `http://localhost:${webPort}`

/** Whether something already listens on the port (binding it on every address fails). */
function portBusy(port) {
  return new Promise((resolve) => {
    const probe = createServer()
    probe.once('error', (error) => resolve(error.code === 'EADDRINUSE' || error.code === 'EACCES'))
    probe.listen({ port: Number(port), exclusive: true }, () => probe.close(() => resolve(false)))
  })
}

for (const [port, what, variable] of [
  [apiPort, 'the Quire API', 'PORT'],
  [webPort, 'the web app', 'WEB_PORT'],
]) {
  if (await portBusy(port)) {
    console.error(
      `npm run web: port ${port} (for ${what}) is already in use. Stop whatever listens there ` +
        `(\`lsof -i :${port}\` shows it), or choose another port with ${variable}=…`,
    )
    process.exit(1)
  }
}

// Not the terminal's input: a process outside the terminal's foreground group that reads it is stopped.
const CHILD_STDIO = ['ignore', 'inherit', 'inherit']

const children = [
  spawn(process.execPath, ['dist/server.js'], {
    cwd: root,
    stdio: CHILD_STDIO,
    detached: true,
    env: { ...process.env, PORT: apiPort, APP_URL: webOrigin },
  }),
  spawn(
    process.execPath,
    ['node_modules/vite/bin/vite.js', '--config', 'web/vite.config.ts', '--port', webPort, '--strictPort'],
    { cwd: root, stdio: CHILD_STDIO, detached: true, env: { ...process.env, VITE_QUIRE_API_URL: apiUrl } },
  ),
]
console.log(`Quire API: ${apiUrl}  ·  web app: ${webOrigin}  (mailed links open the web app)`)

let running = children.length
let stopping = false

/** Sends a signal to a child's whole process group; a group already gone is fine. */
function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal)
  } catch {
    // the group has ended
  }
}

/** Stops every group, then ends with `code` once all children are gone (forcibly after 10 s). */
function stop(code) {
  if (stopping) return
  stopping = true
  process.exitCode = code
  for (const child of children) signalGroup(child, 'SIGTERM')
  setTimeout(() => {
    for (const child of children) signalGroup(child, 'SIGKILL')
  }, 10_000).unref()
}

for (const child of children) {
  child.on('exit', (code) => {
    // Whatever the child left in its group (Vite's esbuild service) goes with it.
    signalGroup(child, 'SIGTERM')
    running -= 1
    stop(code ?? 0)
    if (running === 0) process.exit()
  })
}
process.on('SIGINT', () => stop(0))
process.on('SIGTERM', () => stop(0))
process.on('SIGHUP', () => stop(0))
// A last resort if this script dies of an error: never leave the groups behind.
process.on('exit', () => {
  for (const child of children) signalGroup(child, 'SIGKILL')
})
