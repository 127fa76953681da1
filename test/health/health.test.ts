import assert from 'node:assert/strict'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, it, type TestContext } from 'node:test'
import { fileURLToPath } from 'node:url'
import { DEFAULT_VERSION_FILE, readBuildVersion, UNKNOWN_VERSION } from '../../src/version.js'
import { buildTestApp, json, tempDir } from '../helpers.js'

const REVISION = '0123456789abcdef0123456789abcdef01234567'

function versionFile(t: TestContext, content: string): string {
  const path = join(tempDir(t, 'quire-version-'), 'version.json')
  writeFileSync(path, content)
  return path
}

describe('health', () => {
  describe('happy', () => {
    it('GET /v1 and /api/v1 answer exactly status and version, not enveloped', async (t) => {
      const { app } = await buildTestApp(t, {}, { version: REVISION })
      for (const url of ['/v1', '/api/v1', '/v1/', '/api/v1/']) {
        const response = await app.inject({ method: 'GET', url })
        assert.equal(response.statusCode, 200, url)
        assert.match(String(response.headers['content-type']), /^application\/json/)
        assert.deepEqual(json(response), { status: 'running', version: REVISION }, url)
        assert.equal(response.body, `{"status":"running","version":"${REVISION}"}`)
      }
    })

    it('HEAD /v1 answers 200 without a body', async (t) => {
      const { app } = await buildTestApp(t)
      const response = await app.inject({ method: 'HEAD', url: '/v1' })
      assert.equal(response.statusCode, 200)
      assert.equal(response.body, '')
    })

    it('the server reports the revision read from the version file', async (t) => {
      const version = readBuildVersion(versionFile(t, JSON.stringify({ version: REVISION })))
      const { app } = await buildTestApp(t, {}, { version })
      assert.equal(json(await app.inject({ method: 'GET', url: '/v1' }))['version'], REVISION)
    })

    it('readBuildVersion reads the version of a valid file', (t) => {
      assert.equal(readBuildVersion(versionFile(t, `${JSON.stringify({ version: REVISION })}\n`)), REVISION)
      assert.equal(readBuildVersion(versionFile(t, '{"version":"v1.2.3+build.4"}')), 'v1.2.3+build.4')
    })

    it('the default version file is dist/version.json at the project root', () => {
      assert.equal(DEFAULT_VERSION_FILE, fileURLToPath(new URL('../../dist/version.json', import.meta.url)))
    })
  })

  describe('errors', () => {
    it('readBuildVersion answers __UNKNOWN__ for a missing file', (t) => {
      assert.equal(readBuildVersion(join(tempDir(t, 'quire-version-'), 'missing.json')), UNKNOWN_VERSION)
      assert.equal(UNKNOWN_VERSION, '__UNKNOWN__')
    })

    it('readBuildVersion answers __UNKNOWN__ for an unreadable path', (t) => {
      assert.equal(readBuildVersion(tempDir(t, 'quire-version-')), UNKNOWN_VERSION) // a directory
    })

    it('readBuildVersion answers __UNKNOWN__ for malformed JSON', (t) => {
      for (const content of ['', '{', 'version: abc', '\u0000\u0001', '{"version":"abc"']) {
        assert.equal(readBuildVersion(versionFile(t, content)), UNKNOWN_VERSION, JSON.stringify(content))
      }
    })

    it('readBuildVersion answers __UNKNOWN__ for JSON of the wrong shape', (t) => {
      for (const content of [
        'null',
        '42',
        '"abc"',
        `["${REVISION}"]`,
        '{}',
        `{"revision":"${REVISION}"}`,
        '{"version":42}',
        '{"version":null}',
        '{"version":""}',
        '{"version":"has spaces"}',
        '{"version":"line\\nbreak"}',
        '{"version":"<script>"}',
        `{"version":"${'a'.repeat(101)}"}`,
      ]) {
        assert.equal(readBuildVersion(versionFile(t, content)), UNKNOWN_VERSION, content)
      }
    })
  })

  describe('security', () => {
    it('health needs no token, and a bogus one does not make it fail', async (t) => {
      const { app } = await buildTestApp(t)
      for (const headers of [
        {},
        { authorization: 'Bearer not-a-real-token' },
        { authorization: 'Bearer 7d8a4c1e-1b2f-4c3d-9e8f-0a1b2c3d4e5f' },
        { authorization: 'Basic dXNlcjpwYXNz' },
        { authorization: 'garbage' },
      ]) {
        const response = await app.inject({ method: 'GET', url: '/v1', headers })
        assert.equal(response.statusCode, 200, JSON.stringify(headers))
        assert.equal(json(response)['status'], 'running')
      }
      const withQueryToken = await app.inject({ method: 'GET', url: '/v1?access_token=bogus' })
      assert.equal(withQueryToken.statusCode, 200)
    })
  })
})
