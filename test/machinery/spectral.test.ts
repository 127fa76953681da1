import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, it } from 'node:test'
import { fileURLToPath } from 'node:url'
import { buildTestApp, TEST_ENGINE } from '../helpers.js'

// Spectral with the OWASP API Security ruleset (.spectral.yaml) on the document the server serves:
// no errors allowed; the warning count is reported.

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const SPECTRAL = join(ROOT, 'node_modules', '.bin', 'spectral')
const skip =
  TEST_ENGINE === 'postgres' ? 'the OpenAPI document does not depend on the database engine' : false

interface Finding {
  code: string
  severity: number
  path: string[]
  message: string
}

describe('Spectral (OWASP ruleset) on the served OpenAPI document', { skip }, () => {
  it('finds no errors', async (t) => {
    const { app } = await buildTestApp(t)
    const document = await app.inject({ url: '/v1/openapi.json' })
    assert.equal(document.statusCode, 200)
    const dir = mkdtempSync(join(tmpdir(), 'quire-spectral-'))
    t.after(() => {
      rmSync(dir, { recursive: true, force: true })
    })
    const file = join(dir, 'openapi.json')
    writeFileSync(file, document.body)
    const run = spawnSync(
      SPECTRAL,
      [
        'lint',
        file,
        '--ruleset',
        join(ROOT, '.spectral.yaml'),
        '--format',
        'json',
        '--quiet',
        '--fail-severity',
        'error',
      ],
      { encoding: 'utf8', cwd: ROOT, timeout: 120_000 },
    )
    let findings: Finding[]
    try {
      findings = JSON.parse(run.stdout) as Finding[]
    } catch {
      assert.fail(`spectral printed no report (exit ${String(run.status)}): ${run.stderr}${run.stdout}`)
    }
    const errors = findings.filter((finding) => finding.severity === 0)
    const warnings = findings.filter((finding) => finding.severity === 1)
    const byRule = new Map<string, number>()
    for (const finding of warnings) byRule.set(finding.code, (byRule.get(finding.code) ?? 0) + 1)
    t.diagnostic(
      `${errors.length} errors, ${warnings.length} warnings: ${JSON.stringify(Object.fromEntries(byRule))}`,
    )
    assert.deepEqual(
      errors
        .slice(0, 20)
        .map((finding) => `${finding.code} at ${finding.path.join('.')}: ${finding.message}`),
      [],
      `${errors.length} errors`,
    )
  })
})
