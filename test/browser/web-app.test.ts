import assert from 'node:assert/strict'
import { join } from 'node:path'
import { describe, it } from 'node:test'
import type { Page } from 'playwright-core'
import { createQuire } from '../../client/src/index.js'
import { strongPassword, uniqueEmail } from '../helpers.js'
import {
  browserSkip,
  captureScreen,
  DESKTOP,
  gradientPng,
  PHONE,
  serveApi,
  SCREENSHOT_DIR,
  serveWebApp,
  suiteBrowser,
  suiteWebBuild,
} from './browser-helpers.js'

// The web app (origin A) against a real Quire (origin B) in Chromium, as a person uses it.

/** Goes to a screen of the app through its navigation, as a person would. */
async function openNav(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click()
}

/** The names the bylines of a list show, in order. */
async function bylines(page: Page, scope: string): Promise<string[]> {
  return page.locator(`${scope} .byline .author`).allInnerTexts()
}

describe('web app in Chromium', { skip: browserSkip }, () => {
  const openPage = suiteBrowser()
  const webBuild = suiteWebBuild()

  it('the whole flow: register, posts, files, cover, comments, paging, profile, sessions, log out', async (t) => {
    const web = await serveWebApp(t, await webBuild())
    const api = await serveApi(t, { CORS_ORIGINS: web.origin })
    web.setApiUrl(api.url)
    const page = await openPage(t)
    const context = page.context()
    page.on('dialog', (dialog) => void dialog.accept())
    const requestHosts = new Set<string>()
    page.on('request', (request) => requestHosts.add(new URL(request.url()).origin))

    // An empty Quire: the feed's empty state.
    await page.goto(web.origin)
    await page.getByText('No posts yet.').waitFor()
    assert.equal(await page.locator('.pager').count(), 0, 'no pager under an empty list')
    await captureScreen(page, 'feed-empty')

    // On a phone the navigation is a menu behind one button.
    await page.setViewportSize(PHONE)
    const menu = page.getByRole('button', { name: 'Menu' })
    assert.equal(await menu.getAttribute('aria-expanded'), 'false')
    assert.equal(await page.getByRole('link', { name: 'Register' }).isVisible(), false)
    await menu.click()
    assert.equal(await menu.getAttribute('aria-expanded'), 'true')
    await page.getByRole('link', { name: 'Register' }).waitFor()
    await captureScreen(page, 'nav-menu-open', { widths: ['phone'] })
    await page.keyboard.press('Escape')
    assert.equal(await menu.getAttribute('aria-expanded'), 'false')
    await page.setViewportSize(DESKTOP)

    // Register: the server's password rules come back beside the field.
    await openNav(page, 'Log in')
    await captureScreen(page, 'login')
    await openNav(page, 'Register')
    await captureScreen(page, 'register')
    const email = uniqueEmail('web')
    const password = strongPassword()
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Display name (optional)').fill('Ada Lovelace')
    await page.getByLabel('Password').fill('password123')
    await page.getByRole('button', { name: 'Create account' }).click()
    const passwordField = page.getByLabel('Password')
    await page.locator('.field-error').first().waitFor()
    assert.equal(await passwordField.getAttribute('aria-invalid'), 'true')
    assert.match(await page.locator('.field.invalid .field-error').innerText(), /\S/)
    await captureScreen(page, 'register-errors')
    await passwordField.fill(password)
    await page.getByRole('button', { name: 'Create account' }).click()
    await page.getByRole('button', { name: /Log out/ }).waitFor()

    // A private post, with two files attached while it is written: previews before it is saved.
    await page.getByRole('link', { name: 'New post' }).click()
    await page.getByLabel('Title').fill('Coastal walk')
    await page.getByLabel('Text').fill('Cliffs, wind and a very patient dog.\n\nPhotos below.')
    await page.getByLabel('Only me').check()
    const photo = gradientPng(640, 400)
    await page.getByLabel('Attach files').setInputFiles([
      { name: 'cliffs.png', mimeType: 'image/png', buffer: photo },
      {
        name: 'route.json',
        mimeType: 'application/json',
        buffer: Buffer.from('{"km": 12.5, "start": "Porthcurno"}\n'),
      },
    ])
    await page.waitForFunction(
      () => document.querySelector<HTMLImageElement>('.staged img[alt="cliffs.png"]')?.naturalWidth === 640,
    )
    await page.getByText('36 B · JSON file').waitFor()
    await captureScreen(page, 'post-editor')
    await page.getByRole('button', { name: 'Publish' }).click()
    await page.getByRole('heading', { level: 1, name: 'Coastal walk' }).waitFor()
    assert.deepEqual(await page.locator('.file-list .filename').allInnerTexts(), ['route.json', 'cliffs.png'])
    // The 36-byte file is a small tile (an icon, its name and size), not a picture-sized block.
    const tileHeight = await page
      .locator('.file-tile', { hasText: 'route.json' })
      .evaluate((tile) => tile.clientHeight)
    assert.ok(tileHeight < 120, `the route.json tile is ${tileHeight} px high`)
    const postId = new URL(page.url()).pathname.split('/').at(-1) ?? ''
    assert.ok((await api.app.inject({ method: 'GET', url: `/v1/posts/${postId}` })).statusCode === 404)

    // The author and the time, with the exact time for machines and on hover.
    assert.deepEqual(await bylines(page, '.post-meta'), ['Ada Lovelace'])
    const posted = page.locator('.post-meta time').first()
    assert.match(await posted.innerText(), /just now|second|minute/)
    assert.ok(Number.isFinite(Date.parse((await posted.getAttribute('datetime')) ?? '')))
    assert.match((await posted.getAttribute('title')) ?? '', /\d/)

    // Uploads, with the progress bar visible while a slow upload runs.
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 256 * 1024,
    })
    // Three files in one go: each appears as it lands, with no reload.
    await page.getByLabel('Add files').setInputFiles([
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Tide tables.\n'.repeat(40_000)) },
      {
        name: 'birds.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('species,count\nfulmar,14\nchough,2\n'),
      },
      { name: 'packing.md', mimeType: 'text/markdown', buffer: Buffer.from('- boots\n- flask\n') },
    ])
    const progress = page.locator('progress')
    await progress.waitFor()
    await captureScreen(page, 'post-uploading', { axe: false })
    await progress.waitFor({ state: 'detached' })
    assert.deepEqual(await page.locator('.file-list .filename').allInnerTexts(), [
      'packing.md',
      'birds.csv',
      'notes.txt',
      'route.json',
      'cliffs.png',
    ])
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    })

    // The image shows inline; the text file is a download.
    const image = page.getByRole('img', { name: 'cliffs.png' })
    await image.waitFor()
    await page.waitForFunction(
      () => document.querySelector<HTMLImageElement>('img[alt="cliffs.png"]')?.naturalWidth === 640,
    )
    const downloadEvent = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Download notes.txt' }).click()
    const download = await downloadEvent
    assert.equal(download.suggestedFilename(), 'notes.txt')

    // The cover.
    await page.getByRole('button', { name: 'Make cover cliffs.png' }).click()
    await page.locator('.badge', { hasText: 'Cover' }).waitFor()
    await page.locator('img.cover').waitFor()

    // Comments on the post and on an attachment, by the author and by someone else.
    await page.getByLabel('Add a comment').fill('What a view!')
    await page.getByRole('button', { name: 'Post comment' }).click()
    await page.locator('.comment', { hasText: 'What a view!' }).waitFor()
    await page.getByRole('button', { name: 'Comments on cliffs.png' }).click()
    await page.getByLabel('Comment on cliffs.png').fill('The light here is perfect.')
    await page
      .getByRole('region', { name: 'Comments on cliffs.png' })
      .getByRole('button', { name: 'Post comment' })
      .click()
    await page.locator('.comment', { hasText: 'The light here is perfect.' }).waitFor()
    assert.deepEqual(await bylines(page, '.comment'), ['Ada Lovelace', 'Ada Lovelace'])
    await captureScreen(page, 'post')
    // The README's picture (docs/screenshot.png is a copy of it): the post screen's top half.
    await page.setViewportSize({ width: 1000, height: 1000 })
    await page.evaluate(() => {
      window.scrollTo(0, 0)
    })
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'readme.png') })
    await page.setViewportSize(DESKTOP)

    // Edit: make it public, with a new title.
    await page.getByRole('link', { name: 'Edit' }).click()
    await page.getByLabel('Title').fill('Coastal walk, day one')
    await page.getByLabel('Everyone').check()
    await page.getByRole('button', { name: 'Save changes' }).click()
    await page.getByRole('heading', { level: 1, name: 'Coastal walk, day one' }).waitFor()
    assert.equal((await api.app.inject({ method: 'GET', url: `/v1/posts/${postId}` })).statusCode, 200)

    // Profile and preferences: 5 posts per page, light theme.
    await openNav(page, 'Account')
    await page.getByLabel('Display name').fill('Ada L.')
    await page.getByLabel('Theme').selectOption('light')
    await page.getByLabel('Posts per page').selectOption('5')
    await page.getByRole('button', { name: 'Save profile' }).click()
    await page.getByText('Profile saved.').waitFor()
    for (const section of ['Profile', 'Email', 'Password', 'Two-factor sign-in']) {
      await page.getByRole('region', { name: section }).waitFor()
    }
    await captureScreen(page, 'account')

    // Eleven more posts, from another device (a second session), then page through them.
    const phone = createQuire({ baseUrl: api.url })
    await phone.login({ email, password })
    for (let index = 1; index <= 11; index += 1) {
      await phone.posts.create({ title: `Day ${index + 1}`, body: `Notes of day ${index + 1}.` })
    }
    // Someone without a display name writes one too: named by a stand-in, never by their email.
    const otherEmail = uniqueEmail('web-other')
    const other = createQuire({ baseUrl: api.url })
    await other.register({ email: otherEmail, password })
    await other.login({ email: otherEmail, password })
    await other.posts.create({ title: 'Seals at Godrevy', body: 'Forty of them, at low tide.' })
    await openNav(page, 'Posts')
    await page.getByRole('link', { name: 'Seals at Godrevy', exact: true }).waitFor()
    assert.equal(await page.locator('.post-card').count(), 5)
    const names = await bylines(page, '.post-card')
    assert.match(names[0] ?? '', /^Member [0-9a-f]{4}$/)
    assert.deepEqual(names.slice(1), ['Ada L.', 'Ada L.', 'Ada L.', 'Ada L.'])
    assert.equal((await page.content()).includes(otherEmail), false)
    await captureScreen(page, 'feed')
    await page.getByRole('button', { name: 'Older →' }).click()
    await page.getByText('Page 2').waitFor()
    await page.getByRole('link', { name: 'Day 8', exact: true }).waitFor()
    await page.getByRole('button', { name: 'Older →' }).click()
    await page.getByRole('link', { name: 'Coastal walk, day one' }).waitFor()
    assert.equal(await page.locator('.post-card').count(), 3)
    assert.equal(await page.getByRole('button', { name: 'Older →' }).isDisabled(), true)
    await page.locator('.post-card img.cover-thumb').waitFor()
    await page.getByRole('button', { name: '← Newer' }).click()
    await page.getByText('Page 2').waitFor()

    // Sessions: this one marked; sign out the other device.
    await openNav(page, 'Sessions')
    await page.locator('.session.current .badge', { hasText: 'This device' }).waitFor()
    assert.equal(await page.locator('.session').count(), 2)
    assert.equal(await page.locator('.session.current').count(), 1)
    await captureScreen(page, 'sessions')
    await page.getByRole('button', { name: /^Sign out session/ }).click()
    await page.waitForFunction(() => document.querySelectorAll('.session').length === 1)
    await assert.rejects(phone.me.get(), { status: 401 })

    // A post that does not exist: the error state.
    await page.goto(`${web.origin}/posts/01890000-0000-7000-8000-000000000000`)
    await page.getByRole('heading', { name: 'Post not available' }).waitFor()
    await page.getByText('This post does not exist, or its author keeps it private.').waitFor()
    await captureScreen(page, 'post-missing')
    await page.goto(`${web.origin}/no/such/page`)
    await page.getByRole('heading', { name: 'Page not found' }).waitFor()
    await captureScreen(page, 'not-found')

    // Delete a post.
    await page.goto(`${web.origin}/mine`)
    await page.getByRole('link', { name: 'Day 12' }).click()
    await page.getByRole('button', { name: 'Delete post' }).click()
    await page.getByRole('heading', { level: 1, name: 'Posts' }).waitFor()
    await page.getByRole('link', { name: 'Day 11', exact: true }).waitFor()
    assert.equal(await page.getByRole('link', { name: 'Day 12', exact: true }).count(), 0)

    // Log out, then log back in (the token was kept across the reloads above).
    await page.getByRole('button', { name: /Log out/ }).click()
    await page.getByRole('heading', { name: 'Log in' }).waitFor()
    assert.equal(await page.evaluate(() => localStorage.getItem('quire.token')), null)
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill('not the password at all')
    await page.getByRole('button', { name: 'Log in' }).click()
    await page
      .getByRole('alert')
      .filter({ hasText: /password/i })
      .waitFor()
    await captureScreen(page, 'login-error')
    await page.getByLabel('Password').fill(password)
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.getByRole('button', { name: /Log out/ }).waitFor()

    // Everything the page requested came from its own origin or the API's.
    assert.deepEqual(
      [...requestHosts].filter((origin) => origin !== web.origin && origin !== api.url && origin !== 'null'),
      [],
    )
  })

  it('an API whose CORS_ORIGINS excludes the app: the browser refuses and the app says so', async (t) => {
    const web = await serveWebApp(t, await webBuild())
    const api = await serveApi(t, { CORS_ORIGINS: 'https://app.example.com' })
    web.setApiUrl(api.url)
    const page = await openPage(t)
    const consoleErrors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text())
    })
    const failed: string[] = []
    page.on('requestfailed', (request) => failed.push(request.url()))

    // While the feed loads: the loading state, and no pager yet.
    let release = (): void => undefined
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    const isFeed = (url: URL): boolean => url.pathname === '/v1/posts'
    await page.route(isFeed, async (route) => {
      await held
      // The page may have moved on meanwhile, ending the request: nothing left to continue then.
      await route.continue().catch(() => undefined)
    })
    await page.goto(web.origin)
    await page.getByText('Loading posts…').waitFor()
    assert.equal(await page.locator('.pager').count(), 0)
    await captureScreen(page, 'feed-loading', { settle: false })
    release()
    await page.unroute(isFeed)

    // The server answers (it does not know about the browser's rule)...
    const email = uniqueEmail('cors')
    const password = strongPassword()
    await createQuire({ baseUrl: api.url }).register({ email, password })

    // ...but the browser withholds the answer from a page on another origin.
    await page.goto(`${web.origin}/login`)
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill(password)
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.getByRole('alert').filter({ hasText: 'Cannot reach the Quire server' }).waitFor()
    assert.ok(
      failed.some((url) => url.startsWith(`${api.url}/v1/sessions`)),
      `the login request should fail in the browser; failed: ${failed.join(', ')}`,
    )
    assert.ok(
      consoleErrors.some((text) => /CORS policy/.test(text)),
      `Chromium should report the CORS refusal; console: ${consoleErrors.join(' | ')}`,
    )
    assert.equal(await page.evaluate(() => localStorage.getItem('quire.token')), null)
    await captureScreen(page, 'cors-refused')

    // No server at all: the feed says so, offers to try again, and shows no pager.
    web.setApiUrl('http://127.0.0.1:9')
    await page.goto(web.origin)
    await page.getByRole('alert').filter({ hasText: 'Cannot reach the Quire server' }).waitFor()
    await page.getByRole('button', { name: 'Try again' }).waitFor()
    assert.equal(await page.locator('.pager').count(), 0)
    await captureScreen(page, 'feed-api-down')

    // The dark theme, which follows the device's setting.
    await page.emulateMedia({ colorScheme: 'dark' })
    await captureScreen(page, 'feed-api-down-dark')
    await page.goto(`${web.origin}/register`)
    await page.getByRole('button', { name: 'Create account' }).click()
    await page.getByRole('alert').filter({ hasText: 'Cannot reach the Quire server' }).waitFor()
    await captureScreen(page, 'register-api-down-dark')
    await page.emulateMedia({ colorScheme: 'light' })
  })
})
