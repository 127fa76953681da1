import { QuireError } from '@quire/client'
import type { JSX } from 'preact'
import { useState } from 'preact/hooks'
import { useApp } from '../context.js'
import { Link, navigate } from '../router.js'
import { Field, fieldErrors, FormError, PageTitle } from '../ui.js'

const PASSWORD_HINT =
  'At least 10 characters. Long phrases work well; common passwords, sequences like 12345678 and your email address are refused.'

/** Log in with email and password, then a two-factor code when the account asks for one. */
export function LoginScreen(): JSX.Element {
  const { quire, setUser } = useApp()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  // Asked for once the server answers TOTP_REQUIRED (only ever after a correct password).
  const [secondFactor, setSecondFactor] = useState<'totp' | 'recovery'>()
  const [code, setCode] = useState('')
  const [error, setError] = useState<unknown>()
  const [busy, setBusy] = useState(false)

  const submit = async (event: Event): Promise<void> => {
    event.preventDefault()
    setBusy(true)
    setError(undefined)
    try {
      const trimmed = code.trim()
      await quire.login({
        email,
        password,
        ...(secondFactor === 'totp' ? { totp_code: trimmed } : {}),
        ...(secondFactor === 'recovery' ? { recovery_code: trimmed } : {}),
      })
      setUser(await quire.me.get())
      navigate('/', { replace: true })
    } catch (failure) {
      if (failure instanceof QuireError && failure.code === 'TOTP_REQUIRED') {
        setSecondFactor('totp')
      } else {
        setError(failure)
      }
    } finally {
      setBusy(false)
    }
  }

  const fields = fieldErrors(error)
  return (
    <section class="narrow">
      <PageTitle title="Log in">Log in</PageTitle>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <FormError error={error} />
        <Field
          label="Email"
          name="email"
          type="email"
          autocomplete="username"
          value={email}
          onInput={setEmail}
          error={fields['email']}
          required
        />
        <Field
          label="Password"
          name="password"
          type="password"
          autocomplete="current-password"
          value={password}
          onInput={setPassword}
          error={fields['password']}
          required
        />
        {secondFactor && (
          <>
            <Field
              label={secondFactor === 'totp' ? 'Code from your authenticator app' : 'Recovery code'}
              name="code"
              autocomplete="one-time-code"
              inputMode={secondFactor === 'totp' ? 'numeric' : 'text'}
              hint={
                secondFactor === 'totp'
                  ? 'Two-factor sign-in is on for this account: type the six-digit code the app shows.'
                  : 'Each recovery code works once.'
              }
              value={code}
              onInput={setCode}
              error={fields['totp_code'] ?? fields['recovery_code']}
              focusOnMount
              required
            />
            <button
              type="button"
              class="link"
              onClick={() => {
                setSecondFactor(secondFactor === 'totp' ? 'recovery' : 'totp')
                setCode('')
              }}
            >
              {secondFactor === 'totp' ? 'Use a recovery code instead' : 'Use the authenticator app instead'}
            </button>
          </>
        )}
        <div class="actions">
          <button type="submit" disabled={busy}>
            {busy ? 'Logging in…' : 'Log in'}
          </button>
          <Link href="/forgot-password">Forgot your password?</Link>
        </div>
      </form>
      <p>
        New here? <Link href="/register">Create an account</Link>
      </p>
    </section>
  )
}

/** Create an account; the server's password rules come back as field messages. */
export function RegisterScreen(): JSX.Element {
  const { quire, setUser } = useApp()
  const [email, setEmail] = useState('')
  const [displayName, setDisplayName] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<unknown>()
  const [busy, setBusy] = useState(false)

  const submit = async (event: Event): Promise<void> => {
    event.preventDefault()
    setBusy(true)
    setError(undefined)
    try {
      await quire.register({
        email,
        password,
        ...(displayName.trim() === '' ? {} : { display_name: displayName.trim() }),
      })
      await quire.login({ email, password })
      setUser(await quire.me.get())
      navigate('/', { replace: true })
    } catch (failure) {
      setError(failure)
    } finally {
      setBusy(false)
    }
  }

  const fields = fieldErrors(error)
  return (
    <section class="narrow">
      <PageTitle title="Create an account">Create an account</PageTitle>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <FormError error={error} />
        <Field
          label="Email"
          name="email"
          type="email"
          autocomplete="email"
          value={email}
          onInput={setEmail}
          error={fields['email']}
          required
        />
        <Field
          label="Display name (optional)"
          name="display_name"
          autocomplete="nickname"
          value={displayName}
          onInput={setDisplayName}
          error={fields['display_name']}
          maxLength={100}
        />
        <Field
          label="Password"
          name="password"
          type="password"
          autocomplete="new-password"
          hint={PASSWORD_HINT}
          value={password}
          onInput={setPassword}
          error={fields['password']}
          required
        />
        <button type="submit" disabled={busy}>
          {busy ? 'Creating your account…' : 'Create account'}
        </button>
      </form>
      <p>
        Already registered? <Link href="/login">Log in</Link>
      </p>
    </section>
  )
}
