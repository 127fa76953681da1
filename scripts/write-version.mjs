// Writes dist/version.json with the git revision being built, so the running server can report it
// (GET /v1). Without git (a tarball install) the file is removed and the server reports __UNKNOWN__.
import { execFileSync } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const target = join(root, 'dist', 'version.json')

let revision
try {
  revision = execFileSync('git', ['rev-parse', 'HEAD'], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }).trim()
} catch {
  revision = undefined
}

if (revision && /^[0-9a-f]{40,64}$/.test(revision)) {
  mkdirSync(dirname(target), { recursive: true })
  writeFileSync(target, JSON.stringify({ version: revision }) + '\n')
  console.log(`wrote ${target}: ${revision}`)
} else {
  rmSync(target, { force: true })
  console.log('no git revision available: the server will report version __UNKNOWN__')
}
