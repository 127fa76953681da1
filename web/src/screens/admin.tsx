// The admin area: accounts (find by email, change a role, disable or enable) and the audit log. Each part
// shows only to those holding its permission.

import type { Page } from '@quire/client'
import type { JSX } from 'preact'
import { useState } from 'preact/hooks'
import { useApp } from '../context.js'
import { Field, useSubmit } from '../forms.js'
import {
  can,
  changeUser,
  listAuditEvents,
  listUsers,
  type AdminUser,
  type AuditEvent,
} from '../moderation-api.js'
import { Pager } from '../pager.js'
import { Link } from '../router.js'
import {
  authorName,
  describeError,
  Empty,
  ErrorNotice,
  Loading,
  PageTitle,
  TimeAgo,
  useAsync,
} from '../ui.js'

const USERS_PER_PAGE = 20
const EVENTS_PER_PAGE = 20

const ROLES: ReadonlyArray<readonly [AdminUser['role'], string]> = [
  ['member', 'Member'],
  ['moderator', 'Moderator'],
  ['admin', 'Admin'],
]

const ACTIONS: Record<AuditEvent['action'], string> = {
  'post.hide': 'Hid a post',
  'post.unhide': 'Unhid a post',
  'post.delete': 'Deleted a post',
  'comment.hide': 'Hid a comment',
  'comment.unhide': 'Unhid a comment',
  'comment.delete': 'Deleted a comment',
  'attachment.delete': 'Deleted a file',
  'report.resolve': 'Resolved a report',
  'user.role': 'Changed a role',
  'user.disable': 'Disabled an account',
  'user.enable': 'Enabled an account',
}

/** The admin area's own navigation: the parts this admin may open. */
function AdminTabs(props: { current: 'users' | 'audit' }): JSX.Element {
  const { user } = useApp()
  return (
    <nav aria-label="Admin">
      <ul class="tabs">
        {can(user, 'users:manage') && (
          <li>
            <Link href="/admin/users" aria-current={props.current === 'users' ? 'page' : undefined}>
              Accounts
            </Link>
          </li>
        )}
        {can(user, 'audit:read') && (
          <li>
            <Link href="/admin/audit" aria-current={props.current === 'audit' ? 'page' : undefined}>
              Audit log
            </Link>
          </li>
        )}
      </ul>
    </nav>
  )
}

function NotAllowed(props: { title: string; sentence: string }): JSX.Element {
  return (
    <section>
      <PageTitle title={props.title}>{props.title}</PageTitle>
      <Empty>
        <p>{props.sentence}</p>
      </Empty>
    </section>
  )
}

/** One account: who, their role (changeable) and whether they may sign in (switchable). */
function UserCard(props: { account: AdminUser; onChanged: (account: AdminUser) => void }): JSX.Element {
  const { quire, user } = useApp()
  const { account } = props
  const [role, setRole] = useState<string>(account.role)
  const action = useSubmit()
  const self = account.id === user?.id
  const name = account.display_name ?? account.email

  const applyRole = (): void => {
    const chosen = ROLES.find(([value]) => value === role)
    if (chosen === undefined || chosen[0] === account.role) return
    if (!confirm(`Make ${account.email} ${chosen[1].toLowerCase()}?`)) return
    void action.run(async () => {
      props.onChanged(await changeUser(quire, account.id, { role: chosen[0] }))
    })
  }
  const toggleDisabled = (): void => {
    const question = account.disabled
      ? `Enable ${account.email}? They can sign in again.`
      : `Disable ${account.email}? They are signed out everywhere and cannot sign in until enabled.`
    if (!confirm(question)) return
    void action.run(async () => {
      props.onChanged(await changeUser(quire, account.id, { disabled: !account.disabled }))
    })
  }

  return (
    <li class="card user-card">
      <div class="card-body">
        <h2>{name}</h2>
        <p class="meta">
          {account.display_name !== null && <span>{account.email}</span>}
          <span class="badge">{ROLES.find(([value]) => value === account.role)?.[1] ?? account.role}</span>
          {account.disabled && <span class="badge warn">Disabled</span>}
          {self && <span class="badge">You</span>}
          <span aria-hidden="true">·</span>
          <TimeAgo iso={account.created_at} prefix="joined " />
        </p>
        <div class="actions">
          <label class="visually-hidden" for={`role-${account.id}`}>
            Role of {account.email}
          </label>
          <select
            id={`role-${account.id}`}
            value={role}
            onInput={(event) => {
              setRole(event.currentTarget.value)
            }}
          >
            {ROLES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          <button
            type="button"
            class="secondary"
            disabled={action.busy || role === account.role}
            onClick={applyRole}
          >
            Change role<span class="visually-hidden"> of {account.email}</span>
          </button>
          <button
            type="button"
            class={account.disabled ? 'secondary' : 'secondary danger'}
            disabled={action.busy}
            onClick={toggleDisabled}
          >
            {account.disabled ? 'Enable' : 'Disable'}
            <span class="visually-hidden"> {account.email}</span>
          </button>
        </div>
        {action.error !== undefined && (
          <p class="form-error" role="alert">
            {describeError(action.error)}
          </p>
        )}
      </div>
    </li>
  )
}

/** Accounts, found by the start of their email, a page at a time (`/admin/users`). */
export function AdminUsersScreen(): JSX.Element {
  const { quire, user } = useApp()
  const [draft, setDraft] = useState('')
  const [prefix, setPrefix] = useState('')
  const [tokens, setTokens] = useState<Array<string | undefined>>([undefined])
  const pageToken = tokens.at(-1)
  const allowed = can(user, 'users:manage')
  const [page, reload, update] = useAsync<Page<AdminUser>>(
    () =>
      allowed ? listUsers(quire, prefix, USERS_PER_PAGE).page(pageToken) : Promise.resolve({ items: [] }),
    [quire, prefix, pageToken, user?.id, allowed],
  )
  if (!allowed) return <NotAllowed title="Accounts" sentence="Only admins manage accounts." />

  return (
    <section>
      <PageTitle title="Accounts">Accounts</PageTitle>
      <AdminTabs current="users" />
      <form
        class="search-form"
        role="search"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          setPrefix(draft.trim().toLowerCase())
          setTokens([undefined])
        }}
      >
        <Field
          label="Email starts with"
          name="email-prefix"
          inputMode="email"
          value={draft}
          onInput={setDraft}
          maxLength={254}
          autocomplete="off"
        />
        <button type="submit" class="secondary">
          Search
        </button>
      </form>
      {page.status === 'loading' && <Loading label="Loading accounts…" />}
      {page.status === 'error' && <ErrorNotice error={page.error} onRetry={reload} />}
      {page.status === 'ready' && page.value.items.length === 0 && (
        <Empty>
          <p>{prefix === '' ? 'No accounts.' : `No account’s email starts with “${prefix}”.`}</p>
        </Empty>
      )}
      {page.status === 'ready' && page.value.items.length > 0 && (
        <ul class="user-list" aria-label={`Accounts, page ${tokens.length}`}>
          {page.value.items.map((account) => (
            <UserCard
              key={account.id}
              account={account}
              onChanged={(changed) => {
                update((shown) => ({
                  ...shown,
                  items: shown.items.map((item) => (item.id === changed.id ? changed : item)),
                }))
              }}
            />
          ))}
        </ul>
      )}
      {page.status === 'ready' && (
        <Pager
          tokens={tokens}
          nextPageToken={page.value.nextPageToken}
          previousLabel="← Previous"
          nextLabel="Next →"
          onPage={setTokens}
        />
      )}
    </section>
  )
}

/** Where an audit event's target can be seen in the app, when it can. */
function targetLink(event: AuditEvent): string | undefined {
  return event.target_type === 'post' && !event.action.endsWith('.delete')
    ? `/posts/${event.target_id}`
    : undefined
}

/** The audit log, newest first, a page at a time (`/admin/audit`). */
export function AuditLogScreen(): JSX.Element {
  const { quire, user } = useApp()
  const [tokens, setTokens] = useState<Array<string | undefined>>([undefined])
  const pageToken = tokens.at(-1)
  const allowed = can(user, 'audit:read')
  const [page, reload] = useAsync<Page<AuditEvent>>(
    () =>
      allowed ? listAuditEvents(quire, EVENTS_PER_PAGE).page(pageToken) : Promise.resolve({ items: [] }),
    [quire, pageToken, user?.id, allowed],
  )
  if (!allowed) return <NotAllowed title="Audit log" sentence="Only admins read the audit log." />

  return (
    <section>
      <PageTitle title="Audit log">Audit log</PageTitle>
      <AdminTabs current="audit" />
      {page.status === 'loading' && <Loading label="Loading the audit log…" />}
      {page.status === 'error' && <ErrorNotice error={page.error} onRetry={reload} />}
      {page.status === 'ready' && page.value.items.length === 0 && (
        <Empty>
          <p>Nothing has been moderated or administered yet.</p>
        </Empty>
      )}
      {page.status === 'ready' && page.value.items.length > 0 && (
        <ul class="audit-list" aria-label={`Audit log, page ${tokens.length}`}>
          {page.value.items.map((event) => {
            const link = targetLink(event)
            return (
              <li key={event.id} class="card audit-event">
                <p>
                  <strong>{ACTIONS[event.action]}</strong> <span class="audit-action">{event.action}</span>
                </p>
                <p class="meta">
                  <span>
                    {event.actor_id === null ? 'Command line' : authorName({ user_id: event.actor_id })}
                  </span>
                  <span aria-hidden="true">·</span>
                  <span>
                    {event.target_type}{' '}
                    {link === undefined ? (
                      <code>{event.target_id}</code>
                    ) : (
                      <Link href={link}>
                        <code>{event.target_id}</code>
                      </Link>
                    )}
                  </span>
                  <span aria-hidden="true">·</span>
                  <TimeAgo iso={event.created_at} />
                </p>
                {event.note !== null && event.note !== '' && <p>{event.note}</p>}
              </li>
            )
          })}
        </ul>
      )}
      {page.status === 'ready' && (
        <Pager
          tokens={tokens}
          nextPageToken={page.value.nextPageToken}
          previousLabel="← Newer"
          nextLabel="Older →"
          onPage={setTokens}
        />
      )}
    </section>
  )
}
