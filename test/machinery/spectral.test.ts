import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, it, type TestContext } from 'node:test'
import { fileURLToPath } from 'node:url'
import type { FastifyInstance } from 'fastify'
import { buildTestApp, strongPassword, TEST_ENGINE, uniqueEmail } from '../helpers.js'

// Spectral with the OWASP API Security ruleset on the document the server serves: no errors allowed
// under the project's ruleset (.spectral.yaml), a bounded number under the plain one; the counts by
// rule are reported.

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

/** Spectral's findings on the document `app` serves, under `ruleset` (a path from the repository root). */
async function lintServedDocument(
  t: TestContext,
  app: FastifyInstance,
  ruleset: string,
): Promise<{ errors: Finding[]; warnings: Finding[] }> {
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
      join(ROOT, ruleset),
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
  t.diagnostic(
    `${ruleset}: ${errors.length} errors ${JSON.stringify(countByRule(errors))}, ` +
      `${warnings.length} warnings ${JSON.stringify(countByRule(warnings))}`,
  )
  return { errors, warnings }
}

function countByRule(findings: Finding[]): Record<string, number> {
  const byRule = new Map<string, number>()
  for (const finding of findings) byRule.set(finding.code, (byRule.get(finding.code) ?? 0) + 1)
  return Object.fromEntries(byRule)
}

describe('Spectral (OWASP ruleset) on the served OpenAPI document', { skip }, () => {
  it('finds no errors', async (t) => {
    const { app } = await buildTestApp(t)
    const { errors } = await lintServedDocument(t, app, '.spectral.yaml')
    assert.deepEqual(
      errors
        .slice(0, 20)
        .map((finding) => `${finding.code} at ${finding.path.join('.')}: ${finding.message}`),
      [],
      `${errors.length} errors`,
    )
  })

  it('the plain OWASP ruleset finds at most 90 errors, none about rate limits but on the health probes', async (t) => {
    const { app } = await buildTestApp(t)
    const { errors } = await lintServedDocument(t, app, 'test/machinery/owasp-plain.spectral.yaml')
    assert.ok(errors.length <= 90, `${errors.length} errors`)
    const rateLimitPaths = errors
      .filter((finding) => finding.code.startsWith('owasp:api4:2023-rate-limit'))
      .map((finding) => `${finding.path[1] ?? ''} ${finding.path[2] ?? ''}`)
    assert.deepEqual([...new Set(rateLimitPaths)].sort(), ['/v1 get', '/v1/ready get'])
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

  it('with REQUEST_LIMIT on, answers carry the RateLimit headers the document declares on every operation but the probes', async (t) => {
    const { app } = await buildTestApp(t, { REQUEST_LIMIT: '100/1m' })
    const document = JSON.parse((await app.inject({ url: '/v1/openapi.json' })).body) as {
      paths: Record<
        string,
        Record<string, { responses: Record<string, { headers?: Record<string, unknown> }> }>
      >
    }
    let declared = 0
    for (const [path, operations] of Object.entries(document.paths)) {
      const probe = path === '/v1' || path === '/v1/ready'
      for (const [method, operation] of Object.entries(operations)) {
        for (const [status, response] of Object.entries(operation.responses)) {
          const where = `${method.toUpperCase()} ${path} ${status}`
          for (const name of ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']) {
            assert.equal(
              Boolean(response.headers?.[name]),
              !probe,
              `${where} declares ${name}: ${String(!probe)}`,
            )
          }
          if (!probe) declared += 1
        }
        if (!probe) assert.ok(operation.responses['429']?.headers?.['Retry-After'], `${path} ${method} 429`)
      }
    }
    assert.ok(declared > 300, `${declared} responses declare the headers`)
    for (const [url, sent] of [
      ['/v1/me', true],
      ['/v1/posts', true],
      ['/v1', false],
      ['/v1/ready', false],
    ] as const) {
      const response = await app.inject({ url })
      assert.equal(response.headers['ratelimit-limit'] === '100', sent, url)
      assert.equal(response.headers['ratelimit-remaining'] !== undefined, sent, url)
      assert.equal(response.headers['ratelimit-reset'] !== undefined, sent, url)
    }
  })
})
