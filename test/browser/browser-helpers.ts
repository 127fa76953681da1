import assert from 'node:assert/strict'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { extname, join, normalize } from 'node:path'
import { after, type TestContext } from 'node:test'
import { fileURLToPath } from 'node:url'
import { deflateSync, crc32 } from 'node:zlib'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { buildTestApp, TEST_ENGINE, type TestApp, type TestUser } from '../helpers.js'

// Browser tests drive Debian's Chromium through playwright-core (never a downloaded browser).

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/** Where Chromium is; CHROMIUM_PATH overrides. */
const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium'

/** Screenshots land here (gitignored), one per screen and width. */
export const SCREENSHOT_DIR = join(ROOT, 'test-results', 'screenshots')

/** Why the browser tests are skipped here, or false when they run. */
export const browserSkip: string | false =
  TEST_ENGINE === 'postgres'
    ? 'browser tests do not depend on the engine (SQLite pass only)'
    : existsSync(CHROMIUM_PATH)
      ? false
      : `no Chromium at ${CHROMIUM_PATH} (apt-get install chromium): browser tests skipped`

const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/**
 * One Chromium for all the tests of a suite (call it in the `describe` body): the first test to ask
 * starts it, and it closes when the suite ends. Each test opens its own page (with `newPage`), in one
 * shared profile, or with `separate` each page in a context of its own (its own storage: another
 * person signed in beside the first).
 */
export function suiteBrowser(options: { separate?: boolean } = {}): (t: TestContext) => Promise<Page> {
  let context: Promise<BrowserContext> | undefined
  let browser: Promise<Browser> | undefined
  let profile: string | undefined
  after(async () => {
    if (context !== undefined) await (await context).close()
    if (browser !== undefined) await (await browser).close()
    if (profile !== undefined) rmSync(profile, { recursive: true, force: true })
  })
  return async (t) => {
    if (options.separate === true) {
      browser ??= chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS })
      const own = await (await browser).newContext({ viewport: DESKTOP, acceptDownloads: true })
      own.setDefaultTimeout(60_000)
      t.after(() => own.close())
      return own.newPage()
    }
    if (context === undefined) {
      profile = mkdtempSync(join(tmpdir(), 'quire-chromium-'))
      context = chromium.launchPersistentContext(profile, {
        executablePath: CHROMIUM_PATH,
        headless: true,
        args: CHROMIUM_FLAGS,
        viewport: DESKTOP,
        acceptDownloads: true,
      })
      // The whole suite runs two test files at a time on a small machine: give each step room.
      ;(await context).setDefaultTimeout(60_000)
    }
    const page = await (await context).newPage()
    t.after(() => page.close())
    return page
  }
}

/**
 * Builds web/ with Vite into a temporary folder, so the tests always run the current source: once per
 * suite (call it in the `describe` body; the folder goes when the suite ends).
 */
export function suiteWebBuild(): () => Promise<string> {
  let built: Promise<string> | undefined
  let outDir: string | undefined
  after(() => {
    if (outDir !== undefined) rmSync(outDir, { recursive: true, force: true })
  })
  return () => {
    built ??= import('vite').then(async ({ build }) => {
      outDir = mkdtempSync(join(tmpdir(), 'quire-web-'))
      await build({
        configFile: join(ROOT, 'web', 'vite.config.ts'),
        logLevel: 'warn',
        build: { outDir, emptyOutDir: true, sourcemap: false },
      })
      return outDir
    })
    return built
  }
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
}

/**
 * Serves a built web app on its own origin (another port than the API's), with the single-page
 * fallback to index.html and `/config.json` pointing the app at the API.
 */
export async function serveWebApp(
  t: TestContext,
  dir: string,
): Promise<{ origin: string; setApiUrl: (url: string) => void }> {
  let apiUrl = ''
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname
    if (path === '/config.json') {
      response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' })
      response.end(JSON.stringify({ apiUrl }))
      return
    }
    const file = normalize(join(dir, path))
    const servable = file.startsWith(dir) && existsSync(file) && extname(file) !== ''
    const target = servable ? file : join(dir, 'index.html')
    response.writeHead(200, { 'content-type': CONTENT_TYPES[extname(target)] ?? 'application/octet-stream' })
    response.end(readFileSync(target))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.after(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => {
          resolve()
        })
      }),
  )
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    setApiUrl: (url) => {
      apiUrl = url
    },
  }
}

/**
 * A real Quire on an ephemeral port: another origin than the web app's (same host, another port).
 * `restart` stops it (its streams end) and starts a new one on the same database and port (answered).
 */
export async function serveApi(
  t: TestContext,
  env: Record<string, string>,
): Promise<TestApp & { url: string; restart: () => Promise<TestApp> }> {
  const testApp = await buildTestApp(t, env)
  await testApp.app.listen({ port: 0, host: '127.0.0.1' })
  const port = (testApp.app.server.address() as AddressInfo).port
  let running = testApp.app
  return {
    ...testApp,
    url: `http://127.0.0.1:${String(port)}`,
    restart: async () => {
      await running.close()
      const next = await buildTestApp(t, env, { database: testApp.databaseUrl })
      await next.app.listen({ port, host: '127.0.0.1' })
      running = next.app
      return next
    },
  }
}

/** Signs in through the login screen, signing out whoever is signed in first; `name` is what the app calls them. */
export async function signIn(page: Page, origin: string, user: TestUser, name = user.email): Promise<void> {
  await page.goto(origin)
  const nav = page.getByRole('navigation', { name: 'Main' })
  const logout = nav.getByRole('button', { name: /Log out/ })
  // The feed shows once the app knows who is signed in.
  await page.getByRole('heading', { level: 1, name: 'Posts' }).waitFor()
  if (await logout.isVisible()) await logout.click()
  else await nav.getByRole('link', { name: 'Log in' }).click()
  await page.getByRole('button', { name: 'Log in' }).waitFor()
  await page.getByLabel('Email').fill(user.email)
  await page.getByLabel('Password').fill(user.password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await nav.getByRole('button', { name: `Log out ${name}` }).waitFor()
}

export const DESKTOP = { width: 1280, height: 860 }
export const PHONE = { width: 390, height: 844 }

const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

/** Runs axe-core on the page; fails on any serious or critical violation. */
async function checkAccessibility(page: Page, screen: string): Promise<void> {
  const loaded = await page.evaluate(() => 'axe' in window)
  if (!loaded) await page.addScriptTag({ path: AXE_SOURCE })
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: () => Promise<{ violations: AxeViolation[] }> } }).axe
    const result = await axe.run()
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        nodes: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
      }))
  })
  assert.deepEqual(violations, [], `accessibility violations on the ${screen} screen`)
}

interface AxeViolation {
  id: string
  impact: string | null
  help: string
  nodes: Array<{ target: string[] }>
}

/**
 * Saves a screenshot of the screen at desktop and phone widths (test-results/screenshots/<name>-desktop.png,
 * -phone.png), checks its accessibility at both and that it fits a phone's width.
 */
export async function captureScreen(
  page: Page,
  name: string,
  options: { axe?: boolean; widths?: ReadonlyArray<'desktop' | 'phone'>; settle?: boolean } = {},
): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true })
  const widths = options.widths ?? ['desktop', 'phone']
  const before = page.viewportSize() ?? DESKTOP
  // Let images and fonts settle so screenshots show the finished screen (not when a request is held
  // on purpose, to photograph a loading state). Not by waiting for the network to go idle: a screen
  // that follows live events always has its stream open.
  if (options.settle !== false) {
    await page.waitForFunction(
      () =>
        document.fonts.status === 'loaded' &&
        [...document.images].every((image) => image.complete) &&
        document.querySelector('.image-loading, .state.loading') === null,
    )
  }
  for (const width of widths) {
    const size = width === 'phone' ? PHONE : DESKTOP
    if (before.width !== size.width || widths.length > 1) await page.setViewportSize(size)
    if (options.axe !== false) await checkAccessibility(page, `${name} (${width})`)
    if (width === 'phone') {
      // Nothing may stick out sideways on a phone (the page would scroll horizontally).
      const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth)
      const wide =
        pageWidth <= PHONE.width
          ? []
          : await page.evaluate(
              (limit) =>
                [...document.querySelectorAll('body *')]
                  .filter((element) => element.getBoundingClientRect().right > limit)
                  .slice(-3)
                  .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`),
              PHONE.width,
            )
      assert.ok(
        pageWidth <= PHONE.width,
        `the ${name} screen is ${pageWidth} px wide on a ${PHONE.width} px phone (${wide.join(', ')})`,
      )
    }
    // From the top, so the sticky header sits where a visitor first sees it.
    await page.evaluate(() => {
      window.scrollTo(0, 0)
    })
    await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${width}.png`), fullPage: true })
  }
  await page.setViewportSize(before)
}

/** A PNG of a soft diagonal gradient, to upload as a photo. */
export function gradientPng(width: number, height: number): Buffer {
  const rows: Buffer[] = []
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3)
    for (let x = 0; x < width; x += 1) {
      const mix = (x / width + y / height) / 2
      row[1 + x * 3] = Math.round(74 + (240 - 74) * mix)
      row[2 + x * 3] = Math.round(58 + (165 - 58) * mix)
      row[3 + x * 3] = Math.round(168 + (120 - 168) * mix)
    }
    rows.push(row)
  }
  const chunk = (type: string, data: Buffer): Buffer => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bit depth
  header[9] = 2 // truecolour RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}
