import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { describe, it } from 'node:test'
import type { Page, Request } from 'playwright-core'
import { ensureBuilt, ROOT } from '../e2e/built-server.js'
import { json, registerAndLogin, type TestUser } from '../helpers.js'
import {
  browserSkip,
  captureScreen,
  serveApi,
  serveWebApp,
  signIn,
  suiteBrowser,
  suiteWebBuild,
} from './browser-helpers.js'

// Moderation and administration in the web app, in Chromium against a real Quire: a member reports a
// comment, a moderator hides it from the queue, an admin disables an account, changes a role and reads
// the audit log. Roles come from the real command line, `node dist/administration/cli.js role`.

/** `npm run admin -- role EMAIL ROLE` on the test server's database; resolves with its exit code. */
function setRole(
  databaseUrl: string,
  email: string,
  role: string,
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [join(ROOT, 'dist', 'administration', 'cli.js'), 'role', email, role],
      {
        cwd: ROOT,
        env: { PATH: process.env['PATH'] ?? '', DATABASE_URL: databaseUrl },
      },
    )
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
    child.on('exit', (code) => {
      resolve({ code, stderr })
    })
  })
}

/** The entries of the main navigation. */
async function navEntries(page: Page): Promise<string[]> {
  return (
    await page.getByRole('navigation', { name: 'Main' }).locator('#main-menu > li').allInnerTexts()
  ).map((text) => text.trim())
}

describe('moderation and administration in Chromium', { skip: browserSkip }, () => {
  const openPage = suiteBrowser()
  const webBuild = suiteWebBuild()

  it('a report reaches the queue, the moderator hides the comment, the admin manages accounts and reads the log', async (t) => {
    await ensureBuilt(t)
    const web = await serveWebApp(t, await webBuild())
    const api = await serveApi(t, { CORS_ORIGINS: web.origin })
    web.setApiUrl(api.url)
    const { app } = api

    const author = await registerAndLogin(app, 'author')
    const member = await registerAndLogin(app, 'member')
    const moderator = await registerAndLogin(app, 'moderator')
    const admin = await registerAndLogin(app, 'admin')
    const named = async (user: TestUser, display_name: string): Promise<void> => {
      const answer = await app.inject({
        method: 'PATCH',
        url: '/v1/me',
        headers: user.auth,
        payload: { display_name },
      })
      assert.equal(answer.statusCode, 200, answer.body)
    }
    await named(author, 'Grace Hopper')
    await named(member, 'Mary Jackson')
    for (const [user, role] of [
      [moderator, 'moderator'],
      [admin, 'admin'],
    ] as const) {
      const run = await setRole(api.databaseUrl, user.email, role)
      assert.equal(run.code, 0, run.stderr)
    }

    const created = await app.inject({
      method: 'POST',
      url: '/v1/posts',
      headers: author.auth,
      payload: { title: 'Harbour notes', body: 'Boats, gulls and a lighthouse.', visibility: 'public' },
    })
    assert.equal(created.statusCode, 201, created.body)
    const postId = json<{ data: { id: string } }>(created).data.id
    const spam = 'Cheap watches at example dot com, best prices!'
    const commented = await app.inject({
      method: 'POST',
      url: `/v1/posts/${postId}/comments`,
      headers: author.auth,
      payload: { body: spam },
    })
    assert.equal(commented.statusCode, 201, commented.body)
    await app.inject({
      method: 'POST',
      url: `/v1/posts/${postId}/comments`,
      headers: member.auth,
      payload: { body: 'Lovely light on the water.' },
    })
    // A second post of the author's, hidden by the moderator: only its author's list shows it, marked.
    const second = await app.inject({
      method: 'POST',
      url: '/v1/posts',
      headers: author.auth,
      payload: { title: 'Discount ferry tickets', body: 'Click here.', visibility: 'public' },
    })
    assert.equal(second.statusCode, 201, second.body)
    const hiddenPost = await app.inject({
      method: 'POST',
      url: `/v1/posts/${json<{ data: { id: string } }>(second).data.id}/hide`,
      headers: moderator.auth,
      payload: { reason: 'Spam' },
    })
    assert.equal(hiddenPost.statusCode, 200, hiddenPost.body)

    const page = await openPage(t)
    page.on('dialog', (dialog) => void dialog.accept())

    // A member: no moderation or admin entries; reports the comment, once.
    await signIn(page, web.origin, member, 'Mary Jackson')
    assert.deepEqual(
      (await navEntries(page)).filter((entry) => entry === 'Moderation' || entry === 'Admin'),
      [],
    )
    await page.goto(`${web.origin}/posts/${postId}`)
    const spamComment = page.locator('.comment', { hasText: spam })
    await spamComment.getByRole('button', { name: /^Report comment by Grace Hopper/ }).click()
    const reportDialog = page.getByRole('dialog', { name: 'Report this comment' })
    await reportDialog.getByLabel(/^Spam/).check()
    await reportDialog.getByLabel('Note for the moderators (optional)').fill('Advertising a shop.')
    await captureScreen(page, 'report-dialog')
    await reportDialog.getByRole('button', { name: 'Send report' }).click()
    await reportDialog.getByText('Reported. Thank you.').waitFor()
    await reportDialog.getByRole('button', { name: 'Close' }).click()
    assert.equal(await reportDialog.isVisible(), false)
    await spamComment.getByRole('button', { name: /^Report comment/ }).click()
    await reportDialog.getByRole('button', { name: 'Send report' }).click()
    await reportDialog.getByText('You have already reported this.').waitFor()
    await reportDialog.getByRole('button', { name: 'Close' }).click()
    // Their own comment has no report button.
    assert.equal(
      await page
        .locator('.comment', { hasText: 'Lovely light' })
        .getByRole('button', { name: /^Report/ })
        .count(),
      0,
    )

    // The moderator: the queue shows what was reported, by whom and why; hiding it resolves the report.
    await signIn(page, web.origin, moderator)
    assert.ok((await navEntries(page)).includes('Moderation'))
    assert.ok(!(await navEntries(page)).includes('Admin'), 'moderators have no admin area')
    // The queue's page brings what each report is about: no request per reported item.
    const queueRequests: string[] = []
    const onRequest = (request: Request): void => {
      if (request.url().includes('/v1/')) queueRequests.push(`${request.method()} ${request.url()}`)
    }
    page.on('request', onRequest)
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Moderation' }).click()
    await page.getByRole('heading', { level: 1, name: 'Moderation queue' }).waitFor()
    const report = page.locator('.report-card', { hasText: spam })
    await report.getByRole('link', { name: 'Comment by Grace Hopper' }).waitFor()
    page.off('request', onRequest)
    assert.deepEqual(
      queueRequests.filter((line) => /\/v1\/(posts|comments|attachments)\//.test(line)),
      [],
      queueRequests.join('\n'),
    )
    assert.equal(
      queueRequests.filter((line) => /^GET \S+\/v1\/reports\?\S*include=target/.test(line)).length,
      1,
      queueRequests.join('\n'),
    )
    assert.equal(
      await report.getByRole('link', { name: 'Comment by Grace Hopper' }).getAttribute('href'),
      `/posts/${postId}`,
    )
    await report.getByText('Advertising a shop.').waitFor()
    await report.getByText('Spam', { exact: true }).waitFor()
    await captureScreen(page, 'moderation-queue')
    await report.getByLabel('Note (optional)').fill('Advertising')
    await report.getByRole('button', { name: 'Hide comment' }).click()
    await page.getByText('Report resolved: hidden.').waitFor()
    await page.getByText('Nothing to review. The queue is empty.').waitFor()
    await page.getByRole('link', { name: 'Resolved' }).click()
    const resolved = page.locator('.report-card', { hasText: spam })
    await resolved.getByText('Hidden', { exact: true }).waitFor()
    await resolved.getByText('Advertising', { exact: true }).waitFor()
    // Moderators still see the hidden comment, with its banner and an unhide button.
    await page.goto(`${web.origin}/posts/${postId}`)
    await page.locator('.comment', { hasText: spam }).getByText('Hidden by a moderator').waitFor()
    await page
      .locator('.comment', { hasText: spam })
      .getByRole('button', { name: /^Unhide/ })
      .waitFor()

    // The member no longer sees it; the author sees it with the banner and the reason.
    await signIn(page, web.origin, member, 'Mary Jackson')
    await page.goto(`${web.origin}/posts/${postId}`)
    await page.locator('.comment', { hasText: 'Lovely light' }).waitFor()
    assert.equal(await page.locator('.comment', { hasText: spam }).count(), 0)
    await signIn(page, web.origin, author, 'Grace Hopper')
    await page.goto(`${web.origin}/posts/${postId}`)
    const hidden = page.locator('.comment', { hasText: spam })
    assert.match(await hidden.locator('.hidden-banner').innerText(), /^Hidden by a moderator: Advertising/)
    assert.equal(await hidden.getByRole('button', { name: /^Unhide/ }).count(), 0, 'authors cannot unhide')
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My posts' }).click()
    const hiddenCard = page.locator('.post-card', { hasText: 'Discount ferry tickets' })
    await hiddenCard.locator('.badge', { hasText: 'Hidden by a moderator' }).waitFor()
    assert.equal(await page.locator('.post-card .badge', { hasText: 'Hidden' }).count(), 1)

    // The admin: disables the member, makes the author a moderator, cannot disable themself.
    await signIn(page, web.origin, admin)
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click()
    await page.getByRole('heading', { level: 1, name: 'Accounts' }).waitFor()
    await page.locator('.user-card').first().waitFor()
    await captureScreen(page, 'admin-users')
    await page.getByLabel('Email starts with').fill(member.email.slice(0, 7))
    await page.getByRole('button', { name: 'Search' }).click()
    // Only the member's email starts so.
    await page.waitForFunction(() => document.querySelectorAll('.user-card').length === 1)
    const memberCard = page.locator('.user-card', { hasText: member.email })
    await memberCard.getByRole('button', { name: `Disable ${member.email}` }).click()
    await memberCard.getByText('Disabled', { exact: true }).waitFor()
    const refused = await app.inject({
      method: 'POST',
      url: '/v1/sessions',
      payload: { email: member.email, password: member.password },
    })
    assert.equal(refused.statusCode, 403)
    assert.equal(json<{ error: { code: string } }>(refused).error.code, 'ACCOUNT_DISABLED')

    await page.getByLabel('Email starts with').fill('')
    await page.getByRole('button', { name: 'Search' }).click()
    await page.waitForFunction(() => document.querySelectorAll('.user-card').length === 4)
    const authorCard = page.locator('.user-card', { hasText: author.email })
    await authorCard.getByLabel(`Role of ${author.email}`).selectOption('moderator')
    await authorCard.getByRole('button', { name: `Change role of ${author.email}` }).click()
    await authorCard.locator('.badge', { hasText: 'Moderator' }).waitFor()
    const me = page.locator('.user-card', { hasText: admin.email })
    await me.getByRole('button', { name: `Disable ${admin.email}` }).click()
    assert.match(await me.locator('.form-error').innerText(), /^This is the last admin: .+\.$/)

    // The audit log, newest first: the admin's changes, the moderator's hide, the command line's roles.
    await page.getByRole('link', { name: 'Audit log' }).click()
    await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor()
    // The heading shows before the first page arrives; read the list once it has.
    await page.locator('.audit-event', { hasText: 'Command line' }).first().waitFor()
    const actions = await page.locator('.audit-event .audit-action').allInnerTexts()
    assert.deepEqual(actions.slice(0, 3), ['user.role', 'user.disable', 'report.resolve'])
    assert.ok(actions.includes('comment.hide'))
    assert.equal(actions.filter((action) => action === 'user.role').length, 3)
    await captureScreen(page, 'audit-log')
  })
})
