import assert from 'node:assert/strict'
import { describe, it, type TestContext } from 'node:test'
import type { Locator, Page } from 'playwright-core'
import { registerAndLogin } from '../helpers.js'
import { createComment, createPost } from '../content-helpers.js'
import {
  browserSkip,
  captureScreen,
  serveApi,
  serveWebApp,
  signIn,
  suiteBrowser,
  suiteWebBuild,
} from './browser-helpers.js'

// Live updates in the web app: two people in two browser contexts on one Quire. What one writes
// appears on the other's screen without a reload, and keeps doing so across a restart of the API
// (the app's stream resumes from its last cursor).

/** Marks the page's document, so a test can tell later that it was never reloaded. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    ;(window as unknown as { liveMark?: boolean }).liveMark = true
  })
}

async function stillSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { liveMark?: boolean }).liveMark === true)
}

describe('live updates in the web app', { skip: browserSkip }, () => {
  const openPage = suiteBrowser({ separate: true })
  const webBuild = suiteWebBuild()

  it('B’s comments and posts appear on A’s screen as they happen, also after the API restarts', async (t) => {
    const web = await serveWebApp(t, await webBuild())
    const api = await serveApi(t, { CORS_ORIGINS: web.origin })
    web.setApiUrl(api.url)
    const ada = await registerAndLogin(api.app, 'ada')
    const bob = await registerAndLogin(api.app, 'bob')
    const post = await createPost(api.app, ada, {
      title: 'Tea or coffee?',
      body: 'Settle it in the comments.',
    })

    const pageA = await openPage(t)
    const pageB = await openPage(t)
    // A's event streams; once `holding`, the next one waits for `release` (and says it came).
    const streamUrls: URL[] = []
    let holding = false
    let release = (): void => undefined
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    let reconnecting = (): void => undefined
    const reconnected = new Promise<void>((resolve) => {
      reconnecting = resolve
    })
    await pageA.route(`${api.url}/v1/events?*`, async (route) => {
      streamUrls.push(new URL(route.request().url()))
      if (holding) {
        reconnecting()
        await released
      }
      await route.continue()
    })
    await signIn(pageA, web.origin, ada)
    await signIn(pageB, web.origin, bob)

    // Both on the post; B comments from the form, A sees it arrive with the count.
    const openPost = async (page: Page): Promise<void> => {
      await page.getByRole('link', { name: post.title }).click()
      await page.getByRole('heading', { level: 1, name: post.title }).waitFor()
    }
    const streamOpened = (page: Page, topic: string): Promise<unknown> =>
      page.waitForResponse(
        (response) =>
          response.url().includes('/v1/events?') &&
          new URL(response.url()).searchParams.get('topics') === topic,
      )
    let opened = streamOpened(pageA, `posts/${post.id}`)
    await openPost(pageA)
    await opened
    await pageA.getByText('No comments yet.').waitFor()
    await markDocument(pageA)
    await openPost(pageB)
    const commentsA = pageA.getByRole('region', { name: 'Comments on the post' })
    const commentsB = pageB.getByRole('region', { name: 'Comments on the post' })
    await commentsB.getByLabel('Add a comment').fill('Tea, obviously.')
    await commentsB.getByRole('button', { name: 'Post comment' }).click()
    await commentsA.locator('.comment-body', { hasText: 'Tea, obviously.' }).waitFor()
    await commentsA.locator('.comment-count', { hasText: '1 comment' }).waitFor()
    assert.ok(await stillSameDocument(pageA), 'no reload')
    // B's own comment came back twice (the answer and its event): it shows once.
    await commentsB.locator('.comment-count', { hasText: '1 comment' }).waitFor()
    assert.equal(await commentsB.locator('.comment-body', { hasText: 'Tea, obviously.' }).count(), 1)
    await captureScreen(pageA, 'live-comment')

    // A on the feed; B publishes a post: it waits behind a polite "show" button, then leads the list.
    opened = streamOpened(pageA, 'posts')
    await pageA
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Posts', exact: true })
      .click()
    await pageA.getByRole('link', { name: post.title }).waitFor()
    await opened
    const fresh = await createPost(api.app, bob, { title: 'Coffee, and here is why', body: 'Crema.' })
    const show = pageA.getByRole('button', { name: /1 new post/ })
    await show.waitFor()
    assert.equal(await pageA.locator('.live-notice').getAttribute('aria-live'), 'polite')
    assert.deepEqual(await pageA.locator('.post-card h2').allInnerTexts(), [post.title])
    await captureScreen(pageA, 'live-feed-new')
    await show.click()
    assert.deepEqual(await pageA.locator('.post-card h2').allInnerTexts(), [fresh.title, post.title])
    await pageA.getByRole('link', { name: fresh.title }).and(pageA.locator(':focus')).waitFor()
    assert.ok(await stillSameDocument(pageA), 'no reload')
    await captureScreen(pageA, 'live-feed')

    // Back on the post, the API restarts on the same database and port. A's stream drops; its
    // reconnection is held until B has commented on the restarted API: A can only see that comment
    // by resuming from its cursor.
    opened = streamOpened(pageA, `posts/${post.id}`)
    await openPost(pageA)
    await opened
    await commentsA.locator('.comment-body', { hasText: 'Tea, obviously.' }).waitFor()
    holding = true
    const restarted = await api.restart()
    await createComment(restarted.app, bob, post.id, undefined, 'Still tea, after the restart.')
    await reconnected
    const resumed = streamUrls.at(-1)
    assert.ok(resumed !== undefined)
    assert.equal(resumed.searchParams.get('topics'), `posts/${post.id}`)
    assert.match(resumed.searchParams.get('last_event_id') ?? '', /^\d+$/, 'with its cursor')
    release()
    await commentsA.locator('.comment-body', { hasText: 'Still tea, after the restart.' }).waitFor()
    await commentsA.locator('.comment-count', { hasText: '2 comments' }).waitFor()
    assert.ok(await stillSameDocument(pageA), 'no reload')
    await captureScreen(pageA, 'live-resumed')
  })

  /**
   * Ada opens her post in the web app while her stream on it is held (until `release`); every read of
   * the post (the post, its files, its comments) is noted with whether the stream had been let through
   * by then. `bobComments` writes a comment on the post through the API.
   */
  async function openPostWithStreamHeld(t: TestContext): Promise<{
    page: Page
    comments: Locator
    bobComments: (body: string) => Promise<unknown>
    release: () => void
    reads: Array<{ afterStream: boolean }>
  }> {
    const web = await serveWebApp(t, await webBuild())
    const api = await serveApi(t, { CORS_ORIGINS: web.origin })
    web.setApiUrl(api.url)
    const ada = await registerAndLogin(api.app, 'ada')
    const bob = await registerAndLogin(api.app, 'bob')
    const post = await createPost(api.app, ada, { title: 'While it opens', body: 'Comments meanwhile.' })
    const page = await openPage(t)
    let streamHeld = (): void => undefined
    const held = new Promise<void>((resolve) => {
      streamHeld = resolve
    })
    let release = (): void => undefined
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    let letThrough = false
    const reads: Array<{ afterStream: boolean }> = []
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (url.origin === api.url && url.pathname.startsWith(`/v1/posts/${post.id}`)) {
        reads.push({ afterStream: letThrough })
      }
    })
    await page.route(`${api.url}/v1/events?*`, async (route) => {
      if (new URL(route.request().url()).searchParams.get('topics') === `posts/${post.id}`) {
        streamHeld()
        await released
        letThrough = true
      }
      await route.continue()
    })
    await signIn(page, web.origin, ada)
    await page.getByRole('link', { name: post.title }).click()
    await held
    return {
      page,
      comments: page.getByRole('region', { name: 'Comments on the post' }),
      bobComments: (body) => createComment(api.app, bob, post.id, undefined, body),
      release,
      reads,
    }
  }

  it('reads the post once its stream is open, so a comment written while it opens is shown', async (t) => {
    const { comments, bobComments, release, reads } = await openPostWithStreamHeld(t)
    // Committed after the screen mounted and before its stream opens: a read made at mount would not
    // hold it, and the stream starts after it.
    await bobComments('Written while the stream opened.')
    release()
    await comments.locator('.comment-body', { hasText: 'Written while the stream opened.' }).waitFor()
    await comments.locator('.comment-count', { hasText: '1 comment' }).waitFor()
    assert.ok(reads.length >= 2, 'the post and its comments were read')
    assert.deepEqual(
      reads.filter((read) => !read.afterStream),
      [],
      'nothing of the post was read before its stream opened',
    )
  })

  it('shows the post when its stream is slow to open, and reads it again in place once it opens', async (t) => {
    const { page, comments, bobComments, release, reads } = await openPostWithStreamHeld(t)
    // The screen does not wait for the stream for ever: it reads without it (the stream still held).
    await comments.getByText('No comments yet.').waitFor()
    assert.ok(
      reads.some((read) => !read.afterStream),
      'read while the stream was held',
    )
    // From now on, note every loading state the screen shows: its reads on opening refresh what is
    // shown in place, rather than blanking the post or its comments for a moment.
    await page.evaluate(() => {
      const shown: string[] = []
      Object.assign(window, { loadingShown: shown })
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of record.addedNodes) {
            if (!(node instanceof Element)) continue
            const loading = node.matches('.loading') ? node : node.querySelector('.loading')
            if (loading !== null) shown.push(loading.textContent.trim())
          }
        }
      }).observe(document.body, { childList: true, subtree: true })
    })
    // A comment between that read and the stream's start reaches the screen by its read on opening.
    await bobComments('Written before the stream opened.')
    release()
    await comments.locator('.comment-body', { hasText: 'Written before the stream opened.' }).waitFor()
    await comments.locator('.comment-count', { hasText: '1 comment' }).waitFor()
    assert.ok(
      reads.some((read) => read.afterStream),
      'read again once the stream opened',
    )
    assert.deepEqual(
      await page.evaluate(() => (window as unknown as { loadingShown: string[] }).loadingShown),
      [],
      'no loading state was shown while reading again',
    )
  })
})
