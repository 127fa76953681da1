import type { Session } from '@quire/client'
import type { JSX } from 'preact'
import { useState } from 'preact/hooks'
import { appPreferences, useApp, type AppPreferences } from '../context.js'
import { navigate } from '../router.js'
import { EmailSection, TwoFactorSection } from './security.js'
import {
  describeError,
  Empty,
  ErrorNotice,
  Field,
  fieldErrors,
  FormError,
  formatTime,
  Loading,
  PageTitle,
  useAsync,
} from '../ui.js'

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

/** Display name and preferences. */
function ProfileForm(): JSX.Element | null {
  const { quire, user, setUser } = useApp()
  const initial = appPreferences(user)
  const [displayName, setDisplayName] = useState(user?.display_name ?? '')
  const [theme, setTheme] = useState<AppPreferences['theme']>(initial.theme)
  const [pageSize, setPageSize] = useState(initial.pageSize)
  const [error, setError] = useState<unknown>()
  const [saved, setSaved] = useState(false)
  const [busy, setBusy] = useState(false)
  if (!user) return null

  const submit = async (event: Event): Promise<void> => {
    event.preventDefault()
    setBusy(true)
    setError(undefined)
    setSaved(false)
    try {
      const updated = await quire.me.update(
        {
          display_name: displayName.trim() === '' ? null : displayName.trim(),
          preferences: { theme, page_size: pageSize },
        },
        { of: user },
      )
      setUser(updated)
      setSaved(true)
    } catch (failure) {
      setError(failure)
    } finally {
      setBusy(false)
    }
  }

  const fields = fieldErrors(error)
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="profile-heading">
      <h2 id="profile-heading">Profile</h2>
      <FormError error={error} />
      <p class="meta">
        Signed in as <strong>{user.email}</strong>
      </p>
      <Field
        label="Display name"
        name="display_name"
        autocomplete="nickname"
        value={displayName}
        onInput={setDisplayName}
        error={fields['display_name']}
        maxLength={100}
      />
      <div class="field">
        <label for="pref-theme">Theme</label>
        <select
          id="pref-theme"
          value={theme}
          onChange={(event) => {
            setTheme(event.currentTarget.value as AppPreferences['theme'])
          }}
        >
          <option value="system">Same as the device</option>
          <option value="light">Light</option>
          <option value="dark">Dark</option>
        </select>
      </div>
      <div class="field">
        <label for="pref-page-size">Posts per page</label>
        <select
          id="pref-page-size"
          value={String(pageSize)}
          onChange={(event) => {
            setPageSize(Number(event.currentTarget.value))
          }}
        >
          {[5, 10, 20, 50].map((size) => (
            <option key={size} value={String(size)}>
              {size}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" disabled={busy}>
        {busy ? 'Saving…' : 'Save profile'}
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
  const [error, setError] = useState<unknown>()
  const [done, setDone] = useState(false)
  const [busy, setBusy] = useState(false)

  const submit = async (event: Event): Promise<void> => {
    event.preventDefault()
    setBusy(true)
    setError(undefined)
    setDone(false)
    try {
      await quire.me.changePassword(current, next)
      setCurrent('')
      setNext('')
      setDone(true)
    } catch (failure) {
      setError(failure)
    } finally {
      setBusy(false)
    }
  }

  const fields = fieldErrors(error)
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="password-heading">
      <h2 id="password-heading">Password</h2>
      <FormError error={error} />
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
      <button type="submit" disabled={busy}>
        {busy ? 'Changing…' : 'Change password'}
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
  const [error, setError] = useState<unknown>()

  const revoke = async (session: Session): Promise<void> => {
    setError(undefined)
    try {
      if (session.current) {
        await quire.logout()
        setUser(undefined)
        navigate('/login', { replace: true })
        return
      }
      await quire.sessions.revoke(session)
      if (sessions.status === 'ready') setSessions(sessions.value.filter((item) => item.id !== session.id))
    } catch (failure) {
      setError(failure)
    }
  }

  const revokeOthers = async (): Promise<void> => {
    setError(undefined)
    try {
      await quire.sessions.revokeOthers()
      if (sessions.status === 'ready') setSessions(sessions.value.filter((item) => item.current))
    } catch (failure) {
      setError(failure)
    }
  }

  return (
    <section>
      <PageTitle title="Sessions">Sessions</PageTitle>
      <p>Everywhere you are signed in. Sign out a device you do not recognise.</p>
      {error !== undefined && (
        <p class="form-error" role="alert">
          {describeError(error)}
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
                <button type="button" class="secondary danger" onClick={() => void revoke(session)}>
                  {session.current ? 'Log out' : 'Sign out'}
                  <span class="visually-hidden">
                    {session.current ? ' of this device' : ` session from ${formatTime(session.created_at)}`}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {sessions.value.length > 1 && (
            <button type="button" class="danger" onClick={() => void revokeOthers()}>
              Sign out everywhere else
            </button>
          )}
        </>
      )}
    </section>
  )
}
