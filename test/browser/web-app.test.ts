import assert from 'node:assert/strict'
import { join } from 'node:path'
import { describe, it } from 'node:test'
import type { Page } from 'playwright-core'
import { createQuire } from '../../client/src/index.js'
import { strongPassword, uniqueEmail } from '../helpers.js'
import {
  browserSkip,
  buildWebApp,
  captureScreen,
  DESKTOP,
  gradientPng,
  launchBrowser,
  serveApi,
  SCREENSHOT_DIR,
  serveWebApp,
} from './browser-helpers.js'

// The web app (origin A) against a real Quire (origin B) in Chromium, as a person uses it.

/** Goes to a screen of the app through its navigation, as a person would. */
async function openNav(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click()
}

describe('web app in Chromium', { skip: browserSkip }, () => {
  it('the whole flow: register, posts, files, cover, comments, paging, profile, sessions, log out', async (t) => {
    const webDir = await buildWebApp(t)
    const web = await serveWebApp(t, webDir)
    const api = await serveApi(t, { CORS_ORIGINS: web.origin })
    web.setApiUrl(api.url)
    const context = await launchBrowser(t)
    const page = context.pages()[0] ?? (await context.newPage())
    page.on('dialog', (dialog) => void dialog.accept())
    const requestHosts = new Set<string>()
    page.on('request', (request) => requestHosts.add(new URL(request.url()).origin))

    // An empty Quire: the feed's empty state.
    await page.goto(web.origin)
    await page.getByText('No posts yet.').waitFor()
    await captureScreen(page, 'feed-empty')

    // Register: the server's password rules come back beside the field.
    await openNav(page, 'Register')
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

    // A private post.
    await page.getByRole('link', { name: 'New post' }).click()
    await page.getByLabel('Title').fill('Coastal walk')
    await page.getByLabel('Text').fill('Cliffs, wind and a very patient dog.\n\nPhotos below.')
    await page.getByLabel('Only me').check()
    await captureScreen(page, 'post-editor')
    await page.getByRole('button', { name: 'Publish' }).click()
    await page.getByRole('heading', { level: 1, name: 'Coastal walk' }).waitFor()
    await page.getByText('No files attached.').waitFor()
    const postId = new URL(page.url()).pathname.split('/').at(-1) ?? ''
    assert.ok((await api.app.inject({ method: 'GET', url: `/v1/posts/${postId}` })).statusCode === 404)

    // Uploads, with the progress bar visible while a slow upload runs.
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 256 * 1024,
    })
    await page
      .getByLabel('Add files')
      .setInputFiles([
        { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Tide tables.\n'.repeat(40_000)) },
      ])
    await page.getByRole('button', { name: 'Upload' }).click()
    const progress = page.locator('progress')
    await progress.waitFor()
    await captureScreen(page, 'post-uploading', { axe: false })
    await page.getByText('notes.txt').waitFor()
    await progress.waitFor({ state: 'detached' })
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    })
    const photo = gradientPng(640, 400)
    await page
      .getByLabel('Add files')
      .setInputFiles([{ name: 'cliffs.png', mimeType: 'image/png', buffer: photo }])
    await page.getByRole('button', { name: 'Upload' }).click()

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

    // Comments on the post and on an attachment.
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
    await captureScreen(page, 'account')

    // Eleven more posts, from another device (a second session), then page through them.
    const phone = createQuire({ baseUrl: api.url })
    await phone.login({ email, password })
    for (let index = 1; index <= 11; index += 1) {
      await phone.posts.create({ title: `Day ${index + 1}`, body: `Notes of day ${index + 1}.` })
    }
    await openNav(page, 'Posts')
    await page.getByRole('link', { name: 'Day 12', exact: true }).waitFor()
    assert.equal(await page.locator('.post-card').count(), 5)
    await captureScreen(page, 'feed')
    await page.getByRole('button', { name: 'Older →' }).click()
    await page.getByText('Page 2').waitFor()
    await page.getByRole('link', { name: 'Day 7', exact: true }).waitFor()
    await page.getByRole('button', { name: 'Older →' }).click()
    await page.getByRole('link', { name: 'Coastal walk, day one' }).waitFor()
    assert.equal(await page.locator('.post-card').count(), 2)
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
    await captureScreen(page, 'post-missing')

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
    const webDir = await buildWebApp(t)
    const web = await serveWebApp(t, webDir)
    const api = await serveApi(t, { CORS_ORIGINS: 'https://app.example.com' })
    web.setApiUrl(api.url)
    const context = await launchBrowser(t)
    const page = context.pages()[0] ?? (await context.newPage())
    const consoleErrors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text())
    })
    const failed: string[] = []
    page.on('requestfailed', (request) => failed.push(request.url()))

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
  })
})
