import type { Session } from '@quire/client'
import type { ComponentChildren, JSX } from 'preact'
import { useEffect, useState } from 'preact/hooks'
import { appPreferences, useApp, type AppPreferences } from '../context.js'
import { Field, FormError, useSubmit } from '../forms.js'
import { Link, navigate } from '../router.js'
import {
  describeError,
  Empty,
  ErrorNotice,
  formatTime,
  Loading,
  PageTitle,
  SettingsSection,
  TimeAgo,
  useAsync,
} from '../ui.js'
import { EmailSection, TwoFactorSection } from './security.js'

const ACCOUNT_SECTIONS = [
  ['profile', 'Profile'],
  ['email', 'Email'],
  ['password', 'Password'],
  ['totp', 'Two-factor sign-in'],
] as const

/** The account area's frame: its title, the list of its sections (a column on a desktop, a row on a phone), the content. */
function AccountLayout(props: {
  current: 'account' | 'sessions'
  title: string
  children: ComponentChildren
}): JSX.Element {
  const onAccount = props.current === 'account'
  return (
    <div class="account-layout">
      <PageTitle title={props.title}>{props.title}</PageTitle>
      <nav class="section-nav" aria-label="Account sections">
        <ul>
          {ACCOUNT_SECTIONS.map(([id, label]) => (
            <li key={id}>
              {onAccount ? <a href={`#${id}`}>{label}</a> : <Link href={`/account#${id}`}>{label}</Link>}
            </li>
          ))}
          <li>
            <Link href="/sessions" aria-current={onAccount ? undefined : 'page'}>
              Sessions
            </Link>
          </li>
        </ul>
      </nav>
      <div class="account-sections">{props.children}</div>
    </div>
  )
}

/** A short name for the browser and system a session came from ("Chrome on Linux"), from its User-Agent. */
function describeDevice(userAgent: string | null): string {
  if (userAgent === null || userAgent.trim() === '') return 'Unknown device'
  const browser = [
    [/Edg\//, 'Edge'],
    [/Firefox\//, 'Firefox'],
    [/(Chrome|Chromium|HeadlessChrome)\//, 'Chrome'],
    [/Safari\//, 'Safari'],
  ] as const
  const systems = [
    [/Android/, 'Android'],
    [/iPhone|iPad/, 'iOS'],
    [/Windows/, 'Windows'],
    [/Mac OS X/, 'macOS'],
    [/Linux/, 'Linux'],
  ] as const
  const name = browser.find(([pattern]) => pattern.test(userAgent))?.[1]
  const system = systems.find(([pattern]) => pattern.test(userAgent))?.[1]
  if (name === undefined) return userAgent.length > 60 ? `${userAgent.slice(0, 60)}…` : userAgent
  return system === undefined ? name : `${name} on ${system}`
}

const THEMES = [
  ['system', 'Same as the device'],
  ['light', 'Light'],
  ['dark', 'Dark'],
] as const

const PAGE_SIZES = [5, 10, 20, 50].map((size) => [String(size), String(size)] as const)

/** Display name and preferences. */
function ProfileForm(): JSX.Element | null {
  const { quire, user, setUser } = useApp()
  const initial = appPreferences(user)
  const [displayName, setDisplayName] = useState(user?.display_name ?? '')
  const [theme, setTheme] = useState<AppPreferences['theme']>(initial.theme)
  const [pageSize, setPageSize] = useState(initial.pageSize)
  const [saved, setSaved] = useState(false)
  const form = useSubmit()
  if (!user) return null

  const save = async (): Promise<void> => {
    setSaved(false)
    const updated = await quire.me.update(
      {
        display_name: displayName.trim() === '' ? null : displayName.trim(),
        preferences: { theme, page_size: pageSize },
      },
      { of: user },
    )
    setUser(updated)
    setSaved(true)
  }

  return (
    <SettingsSection
      id="profile"
      title="Profile"
      description="Your name is shown on your posts and comments; your email address never is."
    >
      <form onSubmit={form.onSubmit(save)} noValidate aria-labelledby="profile-heading">
        <FormError error={form.error} />
        <Field
          label="Display name"
          name="display_name"
          autocomplete="nickname"
          value={displayName}
          onInput={setDisplayName}
          error={form.fields['display_name']}
          maxLength={100}
        />
        <div class="field-row">
          <Field
            label="Theme"
            name="theme"
            options={THEMES}
            value={theme}
            onInput={(value) => {
              setTheme(value as AppPreferences['theme'])
            }}
          />
          <Field
            label="Posts per page"
            name="page_size"
            options={PAGE_SIZES}
            value={String(pageSize)}
            onInput={(value) => {
              setPageSize(Number(value))
            }}
          />
        </div>
        <div class="actions">
          <button type="submit" disabled={form.busy}>
            {form.busy ? 'Saving…' : 'Save profile'}
          </button>
          {saved && (
            <p class="success" role="status">
              Profile saved.
            </p>
          )}
        </div>
      </form>
    </SettingsSection>
  )
}

/** Change the password (which signs out every other session). */
function PasswordForm(): JSX.Element {
  const { quire } = useApp()
  const [current, setCurrent] = useState('')
  const [next, setNext] = useState('')
  const [done, setDone] = useState(false)
  const form = useSubmit()

  const changePassword = async (): Promise<void> => {
    setDone(false)
    await quire.me.changePassword(current, next)
    setCurrent('')
    setNext('')
    setDone(true)
  }

  const { fields } = form
  return (
    <SettingsSection id="password" title="Password" description="Changing it signs you out everywhere else.">
      <form onSubmit={form.onSubmit(changePassword)} noValidate aria-labelledby="password-heading">
        <FormError error={form.error} />
        <input type="text" name="username" autocomplete="username" hidden readOnly />
        <Field
          label="Current password"
          name="current_password"
          type="password"
          autocomplete="current-password"
          value={current}
          onInput={setCurrent}
          error={fields['current_password']}
          required
        />
        <Field
          label="New password"
          name="new_password"
          type="password"
          autocomplete="new-password"
          hint="At least 10 characters; common or guessable passwords are refused."
          value={next}
          onInput={setNext}
          error={fields['new_password']}
          required
        />
        <div class="actions">
          <button type="submit" disabled={form.busy}>
            {form.busy ? 'Changing…' : 'Change password'}
          </button>
          {done && (
            <p class="success" role="status">
              Password changed. Your other sessions were signed out.
            </p>
          )}
        </div>
      </form>
    </SettingsSection>
  )
}

/** Profile, preferences, email, password and two-factor sign-in. */
export function AccountScreen(): JSX.Element {
  // Opened from another screen's link to one section (/account#email): show that section.
  useEffect(() => {
    const id = location.hash.slice(1)
    if (id !== '') document.getElementById(id)?.scrollIntoView()
  }, [])
  return (
    <AccountLayout current="account" title="Account">
      <ProfileForm />
      <EmailSection />
      <PasswordForm />
      <TwoFactorSection />
    </AccountLayout>
  )
}

/** The user's sessions, this one marked; any can be signed out. */
export function SessionsScreen(): JSX.Element {
  const { quire, setUser } = useApp()
  const [sessions, reload, updateSessions] = useAsync(async () => {
    const all: Session[] = []
    for await (const session of quire.sessions.list({ limit: 100 })) all.push(session)
    return all
  }, [quire])
  const signOut = useSubmit()

  const revoke = async (session: Session): Promise<void> => {
    if (session.current) {
      await quire.logout()
      setUser(undefined)
      navigate('/login', { replace: true })
      return
    }
    await quire.sessions.revoke(session)
    updateSessions((shown) => shown.filter((item) => item.id !== session.id))
  }

  const revokeOthers = async (): Promise<void> => {
    await quire.sessions.revokeOthers()
    updateSessions((shown) => shown.filter((item) => item.current))
  }

  return (
    <AccountLayout current="sessions" title="Sessions">
      <SettingsSection
        id="sessions"
        title="Where you are signed in"
        description="Every device and browser with a session. Sign out any you do not recognise."
      >
        {signOut.error !== undefined && (
          <p class="form-error" role="alert">
            {describeError(signOut.error)}
          </p>
        )}
        {sessions.status === 'loading' && <Loading label="Loading sessions…" />}
        {sessions.status === 'error' && <ErrorNotice error={sessions.error} onRetry={reload} />}
        {sessions.status === 'ready' && sessions.value.length === 0 && (
          <Empty>
            <p>No sessions.</p>
          </Empty>
        )}
        {sessions.status === 'ready' && sessions.value.length > 0 && (
          <>
            <ul class="session-list">
              {sessions.value.map((session) => (
                <li key={session.id} class={session.current ? 'card session current' : 'card session'}>
                  <div class="card-body">
                    <p class="device" title={session.metadata.user_agent ?? undefined}>
                      {describeDevice(session.metadata.user_agent)}
                      {session.current && <span class="badge strong">This device</span>}
                    </p>
                    <p class="meta">
                      <span>{session.metadata.ip ?? 'Unknown address'}</span>
                      <span>
                        · <TimeAgo iso={session.created_at} prefix="signed in " />
                      </span>
                      <span>
                        · <TimeAgo iso={session.updated_at} prefix="last used " />
                      </span>
                    </p>
                  </div>
                  <button
                    type="button"
                    class="secondary danger"
                    onClick={() => void signOut.run(() => revoke(session))}
                  >
                    {session.current ? 'Log out' : 'Sign out'}
                    <span class="visually-hidden">
                      {session.current
                        ? ' of this device'
                        : ` session from ${formatTime(session.created_at)}`}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
            {sessions.value.length > 1 && (
              <button type="button" class="danger" onClick={() => void signOut.run(revokeOthers)}>
                Sign out everywhere else
              </button>
            )}
          </>
        )}
      </SettingsSection>
    </AccountLayout>
  )
}
