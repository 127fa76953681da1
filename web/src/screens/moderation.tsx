// The moderation queue: open reports oldest first, each with what was reported and the moderator's
// three answers (dismiss, hide, delete), and the reports already resolved.

import type { Comment, Page, Post } from '@quire/client'
import type { JSX } from 'preact'
import { useState } from 'preact/hooks'
import { useApp } from '../context.js'
import { Field, useSubmit } from '../forms.js'
import { HiddenBanner, NOTE_MAX_LENGTH } from '../moderation.js'
import { can, listReports, resolveReport, type Report, type ResolveAction } from '../moderation-api.js'
import { Link } from '../router.js'
import {
  authorName,
  Byline,
  describeError,
  Empty,
  ErrorNotice,
  isNotFound,
  Loading,
  PageTitle,
  TimeAgo,
  useAsync,
} from '../ui.js'
import { Pager } from '../pager.js'

const REPORTS_PER_PAGE = 10

const REASON_LABELS: Record<Report['reason'], string> = {
  spam: 'Spam',
  abuse: 'Abuse',
  illegal: 'Illegal',
  other: 'Other',
}

const OUTCOMES: Record<ResolveAction, string> = {
  dismiss: 'Dismissed',
  hide: 'Hidden',
  delete: 'Deleted',
}

/** What a report points at, as the moderator sees it now. */
type Reported =
  | { kind: 'post'; post: Post }
  | { kind: 'comment'; comment: Comment }
  | { kind: 'attachment'; filename: string; contentType: string }
  | { kind: 'gone' }

function excerptOf(text: string): string {
  return text.length > 280 ? `${text.slice(0, 280)}…` : text
}

/** Reads the reported item; an item deleted meanwhile is `gone`. */
async function loadReported(quire: ReturnType<typeof useApp>['quire'], report: Report): Promise<Reported> {
  try {
    switch (report.target_type) {
      case 'post':
        return { kind: 'post', post: await quire.posts.get(report.target_id) }
      case 'comment':
        return { kind: 'comment', comment: await quire.comments.get(report.target_id) }
      case 'attachment': {
        const attachment = await quire.attachments.get(report.post_id, report.target_id)
        return { kind: 'attachment', filename: attachment.filename, contentType: attachment.content_type }
      }
    }
  } catch (error) {
    if (isNotFound(error)) return { kind: 'gone' }
    throw error
  }
}

/** The reported item: a link to where it is, its words (or file name) and its author. */
function ReportedItem(props: { report: Report }): JSX.Element {
  const { quire, user } = useApp()
  const { report } = props
  const [item, reload] = useAsync(() => loadReported(quire, report), [quire, report.id])
  const where = `/posts/${report.post_id}`
  if (item.status === 'loading') return <Loading label="Loading what was reported…" />
  if (item.status === 'error') return <ErrorNotice error={item.error} onRetry={reload} />
  const reported = item.value
  switch (reported.kind) {
    case 'gone':
      return <p class="hint">This {report.target_type} no longer exists.</p>
    case 'post':
      return (
        <>
          <h2>
            <Link href={where}>Post: {reported.post.title}</Link>
          </h2>
          <p class="meta">
            <Byline item={reported.post} userId={user?.id} />
          </p>
          <HiddenBanner moderation={reported.post.moderation} />
          {reported.post.body !== '' && <p class="quoted">{excerptOf(reported.post.body)}</p>}
        </>
      )
    case 'comment':
      return (
        <>
          <h2>
            <Link href={where}>Comment by {authorName(reported.comment)}</Link>
          </h2>
          <p class="meta">
            <Byline item={reported.comment} userId={user?.id} />
          </p>
          <HiddenBanner moderation={reported.comment.moderation} />
          <p class="quoted">{excerptOf(reported.comment.body)}</p>
        </>
      )
    case 'attachment':
      return (
        <h2>
          <Link href={where}>File: {reported.filename}</Link>
        </h2>
      )
  }
}

/** One open report with the moderator's note and the three ways to resolve it. */
function OpenReport(props: { report: Report; onResolved: (report: Report) => void }): JSX.Element {
  const { quire } = useApp()
  const { report } = props
  const [note, setNote] = useState('')
  const form = useSubmit()
  const hideable = report.target_type !== 'attachment'

  const resolve = (action: ResolveAction): void => {
    if (action === 'delete' && !confirm(`Delete this ${report.target_type} for good?`)) return
    void form.run(async () => {
      const trimmed = note.trim()
      const resolved = await resolveReport(
        quire,
        report.id,
        trimmed === '' ? { action } : { action, note: trimmed },
      )
      props.onResolved(resolved)
    })
  }

  return (
    <li class="card report-card">
      <div class="card-body">
        <ReportedItem report={report} />
        <ReportFacts report={report} />
        <div class="resolve-form">
          <Field
            label="Note (optional)"
            name={`note-${report.id}`}
            value={note}
            onInput={setNote}
            maxLength={NOTE_MAX_LENGTH}
            hint="Kept in the audit log; a hidden item's author reads it as the reason."
            error={form.fields['note']}
          />
          {form.error !== undefined && Object.keys(form.fields).length === 0 && (
            <p class="form-error" role="alert">
              {describeError(form.error)}
            </p>
          )}
          <div class="actions">
            <button
              type="button"
              class="secondary"
              disabled={form.busy}
              onClick={() => {
                resolve('dismiss')
              }}
            >
              Dismiss
            </button>
            {hideable && (
              <button
                type="button"
                class="secondary"
                disabled={form.busy}
                onClick={() => {
                  resolve('hide')
                }}
              >
                Hide {report.target_type}
              </button>
            )}
            <button
              type="button"
              class="secondary danger"
              disabled={form.busy}
              onClick={() => {
                resolve('delete')
              }}
            >
              Delete {report.target_type}
            </button>
          </div>
        </div>
      </div>
    </li>
  )
}

/** Why, by whom and when a report was made (and how it was resolved). */
function ReportFacts(props: { report: Report }): JSX.Element {
  const { report } = props
  return (
    <dl class="facts">
      <dt>Reason</dt>
      <dd>
        <span class="badge warn">{REASON_LABELS[report.reason]}</span>
      </dd>
      {report.note !== null && report.note !== '' && (
        <>
          <dt>Reporter's note</dt>
          <dd>{report.note}</dd>
        </>
      )}
      <dt>Reported by</dt>
      <dd>
        {authorName({ user_id: report.reporter_id })} · <TimeAgo iso={report.created_at} />
      </dd>
      {report.resolution !== null && (
        <>
          <dt>Outcome</dt>
          <dd>
            <span class="badge">{OUTCOMES[report.resolution.action]}</span> by{' '}
            {authorName({ user_id: report.resolution.resolver_id })} ·{' '}
            <TimeAgo iso={report.resolution.resolved_at} />
          </dd>
          {report.resolution.note !== null && report.resolution.note !== '' && (
            <>
              <dt>Moderator's note</dt>
              <dd>{report.resolution.note}</dd>
            </>
          )}
        </>
      )}
    </dl>
  )
}

/** The queue (`/moderation`) and the resolved reports (`/moderation/resolved`), a page at a time. */
export function ModerationScreen(props: { status: 'open' | 'resolved' }): JSX.Element {
  const { quire, user } = useApp()
  const [tokens, setTokens] = useState<Array<string | undefined>>([undefined])
  const [resolvedHere, setResolvedHere] = useState<Report>()
  const pageToken = tokens.at(-1)
  const allowed = can(user, 'reports:review')
  const [page, reload, update] = useAsync<Page<Report>>(
    () =>
      allowed
        ? listReports(quire, props.status, REPORTS_PER_PAGE).page(pageToken)
        : Promise.resolve({ items: [] }),
    [quire, props.status, pageToken, user?.id, allowed],
  )
  const title = props.status === 'open' ? 'Moderation queue' : 'Resolved reports'

  if (!allowed) {
    return (
      <section>
        <PageTitle title="Moderation">Moderation</PageTitle>
        <Empty>
          <p>Only moderators and admins review reports.</p>
        </Empty>
      </section>
    )
  }

  return (
    <section>
      <PageTitle title={title}>{title}</PageTitle>
      <nav aria-label="Reports">
        <ul class="tabs">
          <li>
            <Link href="/moderation" aria-current={props.status === 'open' ? 'page' : undefined}>
              Open
            </Link>
          </li>
          <li>
            <Link href="/moderation/resolved" aria-current={props.status === 'resolved' ? 'page' : undefined}>
              Resolved
            </Link>
          </li>
        </ul>
      </nav>
      {resolvedHere !== undefined && (
        <p class="success" role="status">
          Report resolved: {OUTCOMES[resolvedHere.resolution?.action ?? 'dismiss'].toLowerCase()}.
        </p>
      )}
      {page.status === 'loading' && <Loading label="Loading reports…" />}
      {page.status === 'error' && <ErrorNotice error={page.error} onRetry={reload} />}
      {page.status === 'ready' && page.value.items.length === 0 && (
        <Empty>
          <p>
            {props.status === 'open' ? 'Nothing to review. The queue is empty.' : 'No resolved reports yet.'}
          </p>
        </Empty>
      )}
      {page.status === 'ready' && page.value.items.length > 0 && (
        <ul class="report-list" aria-label={`${title}, page ${tokens.length}`}>
          {page.value.items.map((report) =>
            props.status === 'open' ? (
              <OpenReport
                key={report.id}
                report={report}
                onResolved={(resolved) => {
                  setResolvedHere(resolved)
                  update((shown) => ({
                    ...shown,
                    items: shown.items.filter((item) => item.id !== resolved.id),
                  }))
                }}
              />
            ) : (
              <li key={report.id} class="card report-card">
                <div class="card-body">
                  <ReportedItem report={report} />
                  <ReportFacts report={report} />
                </div>
              </li>
            ),
          )}
        </ul>
      )}
      {page.status === 'ready' && (
        <Pager
          nextPageToken={page.value.nextPageToken}
          previousLabel="← Earlier"
          nextLabel="Later →"
          onPage={setTokens}
          tokens={tokens}
        />
      )}
    </section>
  )
}
