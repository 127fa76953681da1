// The moderation queue: open reports oldest first, each with what was reported and the moderator's
// three answers (dismiss, hide, delete), and the reports already resolved.

import type { Page } from '@quire/client'
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

function excerptOf(text: string): string {
  return text.length > 280 ? `${text.slice(0, 280)}…` : text
}

/**
 * The reported item, as the queue's page embeds it (`include=target`): a link to where it is, its
 * words (or file name) and its author.
 */
function ReportedItem(props: { report: Report }): JSX.Element {
  const { user } = useApp()
  const { report } = props
  const where = `/posts/${report.post_id}`
  // Null: deleted meanwhile, or out of the moderator's sight (another user's private post).
  if (report.target === null || report.target === undefined) {
    return <p class="hint">This {report.target_type} no longer exists.</p>
  }
  switch (report.target_type) {
    case 'post': {
      const post = report.target
      return (
        <>
          <h2>
            <Link href={where}>Post: {post.title}</Link>
          </h2>
          <p class="meta">
            <Byline item={post} userId={user?.id} />
          </p>
          <HiddenBanner moderation={post.moderation} />
          {post.body !== '' && <p class="quoted">{excerptOf(post.body)}</p>}
        </>
      )
    }
    case 'comment': {
      const comment = report.target
      return (
        <>
          <h2>
            <Link href={where}>Comment by {authorName(comment)}</Link>
          </h2>
          <p class="meta">
            <Byline item={comment} userId={user?.id} />
          </p>
          <HiddenBanner moderation={comment.moderation} />
          <p class="quoted">{excerptOf(comment.body)}</p>
        </>
      )
    }
    case 'attachment':
      return (
        <h2>
          <Link href={where}>File: {report.target.filename}</Link>
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
