import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { browserSkip, captureScreen, launchBrowser, serveApi } from './browser-helpers.js'

// The API reference at /v1/docs, as a browser shows it: Quire's name and look, every asset from
// Quire itself, and a "Try it" console that calls the server the page came from.

describe('API reference page in Chromium', { skip: browserSkip }, () => {
  it('renders with Quire’s logo and title, requests nothing from another host, and Try it works', async (t) => {
    const api = await serveApi(t, {})
    const context = await launchBrowser(t)
    const page = context.pages()[0] ?? (await context.newPage())
    const origins = new Set<string>()
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (url.protocol !== 'data:') origins.add(url.origin)
    })
    const consoleErrors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text())
    })

    await page.goto(`${api.url}/v1/docs`)
    await page.locator('.swagger-ui .info .title', { hasText: 'Quire API' }).waitFor()
    assert.equal(await page.title(), 'Quire API reference')
    const logo = page.locator('.swagger-ui .topbar a.link img')
    await logo.waitFor()
    assert.equal(await logo.getAttribute('alt'), 'Quire API')
    assert.match((await logo.getAttribute('src')) ?? '', /^data:image\/svg\+xml;base64,/)
    // Quire's colour, not Swagger's.
    assert.equal(
      await page.locator('.swagger-ui .topbar').evaluate((bar) => getComputedStyle(bar).backgroundColor),
      'rgb(59, 47, 143)',
    )

    // Try it: the health check, answered by this very server.
    const health = page.locator('#operations-health-get_v1')
    await health.locator('.opblock-summary').click()
    await health.getByRole('button', { name: 'Try it out' }).click()
    const answer = page.waitForResponse((response) => response.url() === `${api.url}/v1`)
    await health.getByRole('button', { name: 'Execute' }).click()
    assert.equal((await answer).status(), 200)
    await health.locator('.live-responses-table .response-col_status', { hasText: '200' }).waitFor()
    await health.locator('.live-responses-table', { hasText: '"running"' }).waitFor()
    await captureScreen(page, 'docs', { axe: false })

    // Try it with the request bodies as the page pre-fills them: register, then log in, both succeed.
    for (const [id, url, status] of [
      ['#operations-accounts-post_v1_register', `${api.url}/v1/register`, 201],
      ['#operations-sessions-post_v1_sessions', `${api.url}/v1/sessions`, 201],
    ] as const) {
      const operation = page.locator(id)
      await operation.locator('.opblock-summary').click()
      await operation.getByRole('button', { name: 'Try it out' }).click()
      const response = page.waitForResponse((candidate) => candidate.url() === url)
      await operation.getByRole('button', { name: 'Execute' }).click()
      const answered = await response
      assert.equal(answered.status(), status, `${url}: ${await answered.text()}`)
    }

    const cspErrors = consoleErrors.filter((text) => /Content Security Policy/i.test(text))
    assert.deepEqual(cspErrors, [], 'the page breaks none of its own Content-Security-Policy')

    assert.deepEqual([...origins], [api.url], 'the docs page requested something from another host')
  })
})
