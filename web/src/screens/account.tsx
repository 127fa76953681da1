import type { Session } from '@quire/client'
import type { JSX } from 'preact'
import { useState } from 'preact/hooks'
import { appPreferences, useApp, type AppPreferences } from '../context.js'
import { Field, FormError, useSubmit } from '../forms.js'
import { navigate } from '../router.js'
import { describeError, Empty, ErrorNotice, formatTime, Loading, PageTitle, useAsync } from '../ui.js'
import { EmailSection, TwoFactorSection } from './security.js'

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
    <form onSubmit={form.onSubmit(save)} noValidate aria-labelledby="profile-heading">
      <h2 id="profile-heading">Profile</h2>
      <FormError error={form.error} />
      <p class="meta">
        Signed in as <strong>{user.email}</strong>
      </p>
      <Field
        label="Display name"
        name="display_name"
        autocomplete="nickname"
        value={displayName}
        onInput={setDisplayName}
        error={form.fields['display_name']}
        maxLength={100}
      />
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
      <button type="submit" disabled={form.busy}>
        {form.busy ? 'Saving…' : 'Save profile'}
      </button>
      {saved && (
        <p class="success" role="status">
          Profile saved.
        </p>
      )}
    </form>
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
    <form onSubmit={form.onSubmit(changePassword)} noValidate aria-labelledby="password-heading">
      <h2 id="password-heading">Password</h2>
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
        hint="At least 10 characters; common or guessable passwords are refused. Your other sessions will be signed out."
        value={next}
        onInput={setNext}
        error={fields['new_password']}
        required
      />
      <button type="submit" disabled={form.busy}>
        {form.busy ? 'Changing…' : 'Change password'}
      </button>
      {done && (
        <p class="success" role="status">
          Password changed; your other sessions were signed out.
        </p>
      )}
    </form>
  )
}

/** Profile, preferences, email, password and two-factor sign-in. */
export function AccountScreen(): JSX.Element {
  return (
    <section class="narrow stack">
      <PageTitle title="Account">Account</PageTitle>
      <ProfileForm />
      <EmailSection />
      <PasswordForm />
      <TwoFactorSection />
    </section>
  )
}

/** The user's sessions, this one marked; any can be signed out. */
export function SessionsScreen(): JSX.Element {
  const { quire, setUser } = useApp()
  const [sessions, reload, setSessions] = useAsync(async () => {
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
    if (sessions.status === 'ready') setSessions(sessions.value.filter((item) => item.id !== session.id))
  }

  const revokeOthers = async (): Promise<void> => {
    await quire.sessions.revokeOthers()
    if (sessions.status === 'ready') setSessions(sessions.value.filter((item) => item.current))
  }

  return (
    <section>
      <PageTitle title="Sessions">Sessions</PageTitle>
      <p>Everywhere you are signed in. Sign out a device you do not recognise.</p>
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
                    {session.metadata.ip ?? 'unknown address'} · signed in{' '}
                    <time dateTime={session.created_at}>{formatTime(session.created_at)}</time> · last used{' '}
                    <time dateTime={session.updated_at}>{formatTime(session.updated_at)}</time>
                  </p>
                </div>
                <button
                  type="button"
                  class="secondary danger"
                  onClick={() => void signOut.run(() => revoke(session))}
                >
                  {session.current ? 'Log out' : 'Sign out'}
                  <span class="visually-hidden">
                    {session.current ? ' of this device' : ` session from ${formatTime(session.created_at)}`}
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
    </section>
  )
}
