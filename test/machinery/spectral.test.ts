import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, it } from 'node:test'
import { fileURLToPath } from 'node:url'
import { buildTestApp, strongPassword, TEST_ENGINE, uniqueEmail } from '../helpers.js'

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

  it('registration and login send the RateLimit headers the document declares', async (t) => {
    const { app } = await buildTestApp(t, { AUTH_IP_LIMIT: '5/1m' })
    const email = uniqueEmail()
    const password = strongPassword()
    const register = await app.inject({ method: 'POST', url: '/v1/register', payload: { email, password } })
    assert.equal(register.statusCode, 201)
    assert.equal(register.headers['ratelimit-limit'], '5')
    assert.equal(register.headers['ratelimit-remaining'], '4')
    assert.match(String(register.headers['ratelimit-reset']), /^\d+$/)
    const wrong = await app.inject({
      method: 'POST',
      url: '/v1/sessions',
      payload: { email, password: 'nope' },
    })
    assert.equal(wrong.statusCode, 401)
    assert.equal(wrong.headers['ratelimit-remaining'], '3')
    const document = JSON.parse((await app.inject({ url: '/v1/openapi.json' })).body) as {
      paths: Record<
        string,
        Record<string, { responses: Record<string, { headers?: Record<string, unknown> }> }>
      >
    }
    for (const path of ['/v1/register', '/v1/sessions']) {
      const responses = document.paths[path]?.['post']?.responses ?? {}
      for (const [status, response] of Object.entries(responses)) {
        if (!/^[24]/.test(status)) continue
        assert.ok(response.headers?.['RateLimit-Limit'], `${path} ${status} declares RateLimit-Limit`)
      }
      assert.ok(responses['429']?.headers?.['Retry-After'], `${path} 429 declares Retry-After`)
    }
  })
})
