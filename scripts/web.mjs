// `npm run web` (after `npm run build`): a local Quire (the built server on PORT, default 3000) and the web app's Vite dev
// server on another origin (http://localhost:5173) pointed at it. Ctrl-C stops both.
import { spawn } from 'node:child_process'

const apiPort = process.env.PORT ?? '3000'
const apiUrl = process.env.VITE_QUIRE_API_URL ?? `http://localhost:${apiPort}`

const children = [
  spawn(process.execPath, ['dist/server.js'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort },
  }),
  spawn('npx', ['vite', '--config', 'web/vite.config.ts'], {
    stdio: 'inherit',
    env: { ...process.env, VITE_QUIRE_API_URL: apiUrl },
  }),
]
console.log(`Quire API: ${apiUrl}  ·  web app: http://localhost:5173`)

let stopping = false
function stop(code) {
  if (stopping) return
  stopping = true
  for (const child of children) child.kill('SIGTERM')
  process.exitCode = code
}
for (const child of children) child.on('exit', (code) => stop(code ?? 0))
process.on('SIGINT', () => stop(0))
process.on('SIGTERM', () => stop(0))
