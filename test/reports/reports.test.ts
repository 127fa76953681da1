import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { listReports, findReportTargets } from '../../src/reports/reports.queries.js'
import { buildTestApp, json, loggedDb, UNLIMITED_WRITES, type TestUser } from '../helpers.js'
import {
  createAttachment,
  createComment,
  createPost,
  dataOf,
  errorOf,
  type ListBody,
} from '../content-helpers.js'
import { auditRows, castOf } from '../moderation-helpers.js'

// Reports: filed by anyone who can see the item, once while open; the moderators' queue, oldest first;
// resolving by dismissing, hiding or deleting, each audited in the same transaction.

interface ReportBody {
  id: string
  reporter_id: string
  target_type: string
  target_id: string
  post_id: string
  reason: string
  note: string | null
  status: 'open' | 'resolved'
  resolution: { action: string; note: string | null; resolver_id: string; resolved_at: string } | null
  links: { self: string; target: string; resolve: string }
  target?: Record<string, unknown> | null
}

function report(app: FastifyInstance, user: TestUser, url: string, payload: object = { reason: 'spam' }) {
  return app.inject({ method: 'POST', url, headers: user.auth, payload })
}

function resolve(app: FastifyInstance, user: TestUser, id: string, payload: object) {
  return app.inject({ method: 'POST', url: `/v1/reports/${id}/resolve`, headers: user.auth, payload })
}

describe('filing reports', () => {
  it('reports a post, an attachment and a comment once while open, and again once resolved', async (t) => {
    const { app, db } = await buildTestApp(t)
    const { author, member, moderator } = await castOf(app, db)
    const post = await createPost(app, author)
    const attachment = await createAttachment(app, author, post.id)
    const comment = await createComment(app, author, post.id)

    const onPost = dataOf<ReportBody>(
      await report(app, member, `/v1/posts/${post.id}/reports`, { reason: 'abuse', note: 'Insults' }),
      201,
    )
    assert.equal(onPost.target_type, 'post')
    assert.equal(onPost.target_id, post.id)
    assert.equal(onPost.reporter_id, member.id)
    assert.equal(onPost.note, 'Insults')
    assert.equal(onPost.status, 'open')
    assert.equal(onPost.resolution, null)
    assert.equal(onPost.links.target, `/v1/posts/${post.id}`)
    const onFile = dataOf<ReportBody>(
      await report(app, member, `/v1/attachments/${attachment.id}/reports`),
      201,
    )
    assert.equal(onFile.post_id, post.id)
    assert.equal(onFile.links.target, `/v1/posts/${post.id}/attachments/${attachment.id}`)
    const onComment = dataOf<ReportBody>(await report(app, member, `/v1/comments/${comment.id}/reports`), 201)
    assert.equal(onComment.links.target, `/v1/comments/${comment.id}`)

    // Once while open, per user: another user may report the same post.
    assert.equal(errorOf(await report(app, member, `/v1/posts/${post.id}/reports`), 409).code, 'CONFLICT')
    dataOf(await report(app, moderator, `/v1/posts/${post.id}/reports`), 201)
    dataOf(await resolve(app, moderator, onPost.id, { action: 'dismiss' }), 200)
    dataOf(await report(app, member, `/v1/posts/${post.id}/reports`), 201)
  })

  it('refuses what the reporter cannot see, bad reasons, long notes and unknown fields', async (t) => {
    const { app, db } = await buildTestApp(t)
    const { author, member } = await castOf(app, db)
    const secret = await createPost(app, author, { visibility: 'private' })
    const post = await createPost(app, author)
    errorOf(await report(app, member, `/v1/posts/${secret.id}/reports`), 404)
    errorOf(await report(app, member, '/v1/comments/0190a000-0000-7000-8000-000000000000/reports'), 404)
    errorOf(await report(app, member, '/v1/attachments/nope/reports'), 404)
    const url = `/v1/posts/${post.id}/reports`
    assert.ok(errorOf(await report(app, member, url, { reason: 'boring' }), 422).fields?.['reason'])
    assert.ok(
      errorOf(await report(app, member, url, { reason: 'other', note: 'x'.repeat(1001) }), 422).fields?.[
        'note'
      ],
    )
    errorOf(await report(app, member, url, { reason: 'spam', id: 'mine' }), 422)
    assert.ok(
      errorOf(await report(app, member, url, { reason: 'spam', note: 'a\u0000b' }), 422).fields?.['note'],
    )
    errorOf(await report(app, member, url, {}), 400)
    const anonymous = await app.inject({ method: 'POST', url, payload: { reason: 'spam' } })
    errorOf(anonymous, 401)
  })

  it('limits the reports one user may file (USER_REPORT_LIMIT)', async (t) => {
    const { app, db } = await buildTestApp(t, { USER_REPORT_LIMIT: '2/1m' })
    const { author, member } = await castOf(app, db)
    const posts = [
      await createPost(app, author),
      await createPost(app, author),
      await createPost(app, author),
    ]
    dataOf(await report(app, member, `/v1/posts/${posts[0]?.id ?? ''}/reports`), 201)
    dataOf(await report(app, member, `/v1/posts/${posts[1]?.id ?? ''}/reports`), 201)
    errorOf(await report(app, member, `/v1/posts/${posts[2]?.id ?? ''}/reports`), 429)
  })
})

describe('the moderators’ queue', () => {
  it('lists open reports oldest first, page by page, and resolved ones apart', async (t) => {
    const { app, db } = await buildTestApp(t, UNLIMITED_WRITES)
    const { author, member, moderator } = await castOf(app, db)
    const filed: string[] = []
    for (let index = 0; index < 5; index++) {
      const post = await createPost(app, author)
      filed.push(dataOf<ReportBody>(await report(app, member, `/v1/posts/${post.id}/reports`), 201).id)
    }
    const walk = async (status: string): Promise<string[]> => {
      const ids: string[] = []
      let token: string | undefined
      do {
        const url = `/v1/reports?status=${status}&limit=2${token === undefined ? '' : `&pagetoken=${token}`}`
        const page = json<ListBody<ReportBody>>(
          await app.inject({ method: 'GET', url, headers: moderator.auth }),
        )
        ids.push(...page.data.map((item) => item.id))
        token = page.next_page_token
      } while (token !== undefined)
      return ids
    }
    assert.deepEqual(await walk('open'), filed)
    const offset = await app.inject({ method: 'GET', url: '/v1/reports?from=3', headers: moderator.auth })
    assert.deepEqual(
      dataOf<ReportBody[]>(offset, 200).map((item) => item.id),
      filed.slice(3),
    )
    dataOf(await resolve(app, moderator, filed[1] ?? '', { action: 'dismiss' }), 200)
    dataOf(await resolve(app, moderator, filed[3] ?? '', { action: 'dismiss' }), 200)
    assert.deepEqual(await walk('open'), [filed[0], filed[2], filed[4]])
    assert.deepEqual(await walk('resolved'), [filed[1], filed[3]])
    errorOf(await app.inject({ method: 'GET', url: '/v1/reports?status=all', headers: moderator.auth }), 422)
  })
})

describe('resolving reports', () => {
  it('dismiss resolves only that report; hide hides the item and resolves every open report on it', async (t) => {
    const { app, db } = await buildTestApp(t)
    const { author, member, moderator, admin } = await castOf(app, db)
    const post = await createPost(app, author)
    const byMember = dataOf<ReportBody>(await report(app, member, `/v1/posts/${post.id}/reports`), 201)
    const byAdmin = dataOf<ReportBody>(await report(app, admin, `/v1/posts/${post.id}/reports`), 201)
    const byAuthor = dataOf<ReportBody>(await report(app, author, `/v1/posts/${post.id}/reports`), 201)

    const dismissed = dataOf<ReportBody>(
      await resolve(app, moderator, byAuthor.id, { action: 'dismiss', note: 'Own post' }),
      200,
    )
    assert.equal(dismissed.status, 'resolved')
    assert.deepEqual(
      { ...dismissed.resolution, resolved_at: undefined },
      { action: 'dismiss', note: 'Own post', resolver_id: moderator.id, resolved_at: undefined },
    )
    errorOf(await resolve(app, moderator, byAuthor.id, { action: 'dismiss' }), 409)

    const hidden = dataOf<ReportBody>(
      await resolve(app, moderator, byMember.id, { action: 'hide', note: 'Spam' }),
      200,
    )
    assert.equal(hidden.resolution?.action, 'hide')
    const read = await app.inject({ method: 'GET', url: `/v1/posts/${post.id}`, headers: moderator.auth })
    assert.equal(dataOf<{ moderation: { reason: string } }>(read, 200).moderation.reason, 'Spam')
    assert.equal((await app.inject({ method: 'GET', url: `/v1/posts/${post.id}` })).statusCode, 404)
    const other = await app.inject({
      method: 'GET',
      url: `/v1/reports/${byAdmin.id}`,
      headers: moderator.auth,
    })
    assert.equal(dataOf<ReportBody>(other, 200).resolution?.action, 'hide', 'the other open report went too')

    const audit = await auditRows(db)
    assert.deepEqual(
      audit.map((row) => [row.actor_id, row.action, row.target_type, row.target_id, row.note]),
      [
        [moderator.id, 'report.resolve', 'report', byAuthor.id, 'dismiss: Own post'],
        [moderator.id, 'post.hide', 'post', post.id, 'Spam'],
        [moderator.id, 'report.resolve', 'report', byMember.id, 'hide: Spam'],
      ],
    )
  })

  it('delete removes a comment, an attachment or a post; an attachment cannot be hidden; a gone item is a 409', async (t) => {
    const { app, db } = await buildTestApp(t)
    const { author, member, moderator } = await castOf(app, db)
    const post = await createPost(app, author)
    const attachment = await createAttachment(app, author, post.id)
    const comment = await createComment(app, author, post.id)
    const onComment = dataOf<ReportBody>(await report(app, member, `/v1/comments/${comment.id}/reports`), 201)
    const onFile = dataOf<ReportBody>(
      await report(app, member, `/v1/attachments/${attachment.id}/reports`),
      201,
    )
    const onPost = dataOf<ReportBody>(await report(app, member, `/v1/posts/${post.id}/reports`), 201)

    assert.ok(errorOf(await resolve(app, moderator, onFile.id, { action: 'hide' }), 422).fields?.['action'])
    dataOf(await resolve(app, moderator, onComment.id, { action: 'delete' }), 200)
    assert.equal((await app.inject({ method: 'GET', url: `/v1/comments/${comment.id}` })).statusCode, 404)
    dataOf(await resolve(app, moderator, onFile.id, { action: 'delete' }), 200)
    const files = `/v1/posts/${post.id}/attachments/${attachment.id}`
    assert.equal((await app.inject({ method: 'GET', url: files })).statusCode, 404)

    // The author deletes the post before a moderator gets to it.
    const removed = await app.inject({ method: 'DELETE', url: `/v1/posts/${post.id}`, headers: author.auth })
    assert.equal(removed.statusCode, 204)
    errorOf(await resolve(app, moderator, onPost.id, { action: 'delete' }), 409)
    errorOf(await resolve(app, moderator, onPost.id, { action: 'hide' }), 409)
    dataOf(await resolve(app, moderator, onPost.id, { action: 'dismiss' }), 200)
    errorOf(await resolve(app, moderator, '0190a000-0000-7000-8000-000000000000', { action: 'dismiss' }), 404)
    errorOf(await resolve(app, moderator, onPost.id, { action: 'ban' }), 422)

    const audit = await auditRows(db)
    assert.deepEqual(
      audit.map((row) => [row.action, row.target_id]),
      [
        ['comment.delete', comment.id],
        ['report.resolve', onComment.id],
        ['attachment.delete', attachment.id],
        ['report.resolve', onFile.id],
        ['report.resolve', onPost.id],
      ],
    )
  })
})

describe('the queue with what each report is about (include=target)', () => {
  function get(app: FastifyInstance, user: TestUser | undefined, url: string) {
    return app.inject({ method: 'GET', url, ...(user ? { headers: user.auth } : {}) })
  }

  it('embeds each item as its own GET answers the moderator: hidden ones with moderation, gone or unseen ones null', async (t) => {
    const { app, db } = await buildTestApp(t, UNLIMITED_WRITES)
    const { author, member, moderator } = await castOf(app, db)
    const post = await createPost(app, author, { title: 'Reported post' })
    const attachment = await createAttachment(app, author, post.id)
    const comment = await createComment(app, author, post.id)
    const hiddenPost = await createPost(app, author, { title: 'Hidden post' })
    const hiddenComment = await createComment(app, author, post.id)
    const gone = await createPost(app, author, { title: 'Deleted post' })
    const goneComment = await createComment(app, author, post.id)
    const secret = await createPost(app, author, { visibility: 'private' })

    const filed = new Map<string, ReportBody>()
    for (const [name, url] of [
      ['post', `/v1/posts/${post.id}/reports`],
      ['attachment', `/v1/attachments/${attachment.id}/reports`],
      ['comment', `/v1/comments/${comment.id}/reports`],
      ['hiddenPost', `/v1/posts/${hiddenPost.id}/reports`],
      ['hiddenComment', `/v1/comments/${hiddenComment.id}/reports`],
      ['gone', `/v1/posts/${gone.id}/reports`],
      ['goneComment', `/v1/comments/${goneComment.id}/reports`],
    ] as const) {
      filed.set(name, dataOf<ReportBody>(await report(app, member, url), 201))
    }
    // Only its author sees a private post, so only they can report it; a moderator cannot see it.
    filed.set('secret', dataOf<ReportBody>(await report(app, author, `/v1/posts/${secret.id}/reports`), 201))
    const hide = (url: string) =>
      app.inject({ method: 'POST', url, headers: moderator.auth, payload: { reason: 'Spam' } })
    assert.equal((await hide(`/v1/posts/${hiddenPost.id}/hide`)).statusCode, 200)
    assert.equal((await hide(`/v1/comments/${hiddenComment.id}/hide`)).statusCode, 200)
    for (const url of [`/v1/posts/${gone.id}`, `/v1/comments/${goneComment.id}`]) {
      assert.equal((await app.inject({ method: 'DELETE', url, headers: author.auth })).statusCode, 204)
    }

    const asModerator = async (url: string) =>
      dataOf<Record<string, unknown>>(await get(app, moderator, url), 200)
    const expected = new Map<string, Record<string, unknown> | null>([
      ['post', await asModerator(`/v1/posts/${post.id}`)],
      ['attachment', await asModerator(`/v1/posts/${post.id}/attachments/${attachment.id}`)],
      ['comment', await asModerator(`/v1/comments/${comment.id}`)],
      ['hiddenPost', await asModerator(`/v1/posts/${hiddenPost.id}`)],
      ['hiddenComment', await asModerator(`/v1/comments/${hiddenComment.id}`)],
      ['gone', null],
      ['goneComment', null],
      ['secret', null],
    ])
    assert.deepEqual(
      (expected.get('hiddenPost')?.['moderation'] as { reason: string } | undefined)?.reason,
      'Spam',
      'hiddenPost: the moderator sees it hidden',
    )
    assert.deepEqual(
      (expected.get('hiddenComment')?.['moderation'] as { reason: string } | undefined)?.reason,
      'Spam',
      'hiddenComment: the moderator sees it hidden',
    )
    errorOf(await get(app, moderator, `/v1/posts/${secret.id}`), 404)

    const page = dataOf<ReportBody[]>(await get(app, moderator, '/v1/reports?include=target&limit=100'), 200)
    assert.equal(page.length, filed.size)
    for (const [name, filedReport] of filed) {
      const listed = page.find((item) => item.id === filedReport.id)
      assert.ok(listed, name)
      assert.deepEqual(listed.target, expected.get(name), name)
      const { target: _target, ...rest } = listed
      assert.deepEqual(rest, filedReport, name)
      const detail = dataOf<ReportBody>(
        await get(app, moderator, `/v1/reports/${filedReport.id}?include=target`),
        200,
      )
      assert.deepEqual(detail, listed, `${name}: the detail embeds it the same way`)
    }

    // Without include, and with an empty one, nothing is embedded.
    for (const url of ['/v1/reports', '/v1/reports?include=', `/v1/reports/${filed.get('post')?.id ?? ''}`]) {
      const body = json<{ data: ReportBody | ReportBody[] }>(await get(app, moderator, url)).data
      for (const item of Array.isArray(body) ? body : [body]) assert.ok(!('target' in item), url)
    }
  })

  it('refuses an unknown include with 422, and members and anonymous callers as before', async (t) => {
    const { app, db } = await buildTestApp(t)
    const { author, member, moderator } = await castOf(app, db)
    const post = await createPost(app, author)
    const filed = dataOf<ReportBody>(await report(app, member, `/v1/posts/${post.id}/reports`), 201)
    for (const url of [
      '/v1/reports?include=targets',
      '/v1/reports?include=target,reporter',
      `/v1/reports/${filed.id}?include=post`,
    ]) {
      const error = errorOf(await get(app, moderator, url), 422)
      assert.match(error.fields?.['include'] ?? '', /must list only: target/, url)
    }
    for (const url of ['/v1/reports?include=target', `/v1/reports/${filed.id}?include=target`]) {
      assert.equal(errorOf(await get(app, member, url), 403).code, 'FORBIDDEN', url)
      assert.equal(errorOf(await get(app, author, url), 403).code, 'FORBIDDEN', url)
      errorOf(await get(app, undefined, url), 401)
    }
  })

  it('a full page of reports reads its items in one statement per type of item', async (t) => {
    const testApp = await buildTestApp(t, UNLIMITED_WRITES)
    const { app, db } = testApp
    const { author, member, moderator, admin } = await castOf(app, db)
    const post = await createPost(app, author)
    const attachments = [
      await createAttachment(app, author, post.id),
      await createAttachment(app, author, post.id),
    ]
    for (let index = 0; index < 30; index++) {
      const reported = await createPost(app, author)
      const comment = await createComment(app, author, reported.id)
      dataOf(await report(app, member, `/v1/posts/${reported.id}/reports`), 201)
      dataOf(await report(app, member, `/v1/comments/${comment.id}/reports`), 201)
      // Another report on the same post: its post is read once.
      dataOf(await report(app, admin, `/v1/posts/${reported.id}/reports`), 201)
    }
    for (const attachment of attachments) {
      for (const reporter of [member, admin, moderator]) {
        dataOf(await report(app, reporter, `/v1/attachments/${attachment.id}/reports`), 201)
      }
    }
    // 96 reports: a page of 100 holds them all, each with its item.
    const page = dataOf<ReportBody[]>(await get(app, moderator, '/v1/reports?include=target&limit=100'), 200)
    assert.equal(page.length, 96)
    assert.ok(page.every((item) => item.target !== null && item.target !== undefined))

    const { db: logged, statements } = loggedDb(t, testApp)
    const rows = (await listReports(logged, 'open', { limit: 100 })).rows
    for (const [what, reports, most] of [
      ['every type', rows, 3],
      ['posts only', rows.filter((row) => row.target_type === 'post'), 1],
      ['one comment', rows.filter((row) => row.target_type === 'comment').slice(0, 1), 1],
      ['no reports', [], 0],
    ] as const) {
      statements.length = 0
      const found = await findReportTargets(logged, reports)
      assert.equal(statements.length, most, `${what}:\n${statements.join('\n')}`)
      const types = new Set(reports.map((row) => row.target_type))
      assert.equal(found.posts.length, types.has('post') ? 30 : 0, what)
      assert.equal(found.attachments.length, types.has('attachment') ? 2 : 0, what)
      assert.equal(found.comments.length, reports.filter((row) => row.target_type === 'comment').length, what)
    }
  })
})
