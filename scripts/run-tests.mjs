// Runs every test file (or those given as arguments) with Node's built-in runner, TypeScript through tsx.
// Node 20's --test does not expand globs itself, hence this small launcher.
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join, relative } from 'node:path'

function findTests(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return findTests(path)
    return entry.name.endsWith('.test.ts') ? [path] : []
  })
}

const files =
  process.argv.length > 2
    ? process.argv.slice(2)
    : findTests('test')
        .map((f) => relative('.', f))
        .sort()
const concurrency = Math.max(2, availableParallelism())
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-reporter=spec', `--test-concurrency=${concurrency}`, ...files],
  { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test' } },
)
process.exit(result.status ?? 1)
