import { QuireError } from '@quire/client'
import type { JSX } from 'preact'
import { useState } from 'preact/hooks'
import { useApp } from '../context.js'
import { Field, FormError, useSubmit } from '../forms.js'
import { Link, navigate, useLinkToken } from '../router.js'
import { PageTitle } from '../ui.js'
import { LinkProblem } from './recovery.js'

const PASSWORD_HINT =
  'At least 10 characters. Long phrases work well; common passwords, sequences like 12345678 and your email address are refused.'

type SecondFactor = 'totp' | 'recovery'

// A sign-in the server asked to confirm by mail, kept only in this tab's memory (never in storage), so
// that the confirmation screen reached in this tab does not ask for the password a second time.
let signInAwaitingConfirmation: { email: string; password: string } | undefined

/** The second-factor part of a login request: the code, under the name of the kind being asked for. */
function secondFactorProof(
  kind: SecondFactor | undefined,
  code: string,
): { totp_code?: string; recovery_code?: string } {
  const trimmed = code.trim()
  if (kind === 'totp') return { totp_code: trimmed }
  if (kind === 'recovery') return { recovery_code: trimmed }
  return {}
}

/** The code field a login shows once the server answers TOTP_REQUIRED, with the switch between kinds. */
function SecondFactorField(props: {
  kind: SecondFactor
  code: string
  onCode: (code: string) => void
  onKind: (kind: SecondFactor) => void
  error: string | undefined
}): JSX.Element {
  const { kind } = props
  return (
    <>
      <Field
        label={kind === 'totp' ? 'Code from your authenticator app' : 'Recovery code'}
        name="code"
        autocomplete="one-time-code"
        inputMode={kind === 'totp' ? 'numeric' : 'text'}
        hint={
          kind === 'totp'
            ? 'Two-factor sign-in is on for this account: type the six-digit code the app shows.'
            : 'Each recovery code works once.'
        }
        value={props.code}
        onInput={props.onCode}
        error={props.error}
        focusOnMount
        required
      />
      <button
        type="button"
        class="link"
        onClick={() => {
          props.onKind(kind === 'totp' ? 'recovery' : 'totp')
          props.onCode('')
        }}
      >
        {kind === 'totp' ? 'Use a recovery code instead' : 'Use the authenticator app instead'}
      </button>
    </>
  )
}

function isCode(failure: unknown, code: string): boolean {
  return failure instanceof QuireError && failure.code === code
}

type FieldMessages = Readonly<Record<string, string>>

/**
 * A sign-in in steps, shared by the login and confirm-login screens: `signIn` logs in and opens the
 * feed; a TOTP_REQUIRED answer (only ever after a correct password) adds the code step, which
 * `secondFactorField` renders, and LOGIN_CONFIRMATION_REQUIRED goes to `onConfirmationRequired`.
 */
function useSignIn(onConfirmationRequired: () => void) {
  const { quire, setUser } = useApp()
  const [secondFactor, setSecondFactor] = useState<SecondFactor>()
  const [code, setCode] = useState('')

  const signIn = async (credentials: {
    email: string
    password: string
    login_token?: string
  }): Promise<void> => {
    try {
      await quire.login({ ...credentials, ...secondFactorProof(secondFactor, code) })
      signInAwaitingConfirmation = undefined
      setUser(await quire.me.get())
      navigate('/', { replace: true })
    } catch (failure) {
      if (isCode(failure, 'TOTP_REQUIRED')) setSecondFactor('totp')
      else if (isCode(failure, 'LOGIN_CONFIRMATION_REQUIRED')) onConfirmationRequired()
      else throw failure
    }
  }

  const secondFactorField = (fields: FieldMessages): JSX.Element | undefined =>
    secondFactor && (
      <SecondFactorField
        kind={secondFactor}
        code={code}
        onCode={setCode}
        onKind={setSecondFactor}
        error={fields['totp_code'] ?? fields['recovery_code']}
      />
    )

  return { signIn, secondFactorField }
}

/** The email and password fields of a sign-in form. */
function CredentialFields(props: {
  email: string
  password: string
  onEmail: (email: string) => void
  onPassword: (password: string) => void
  fields: FieldMessages
}): JSX.Element {
  return (
    <>
      <Field
        label="Email"
        name="email"
        type="email"
        autocomplete="username"
        value={props.email}
        onInput={props.onEmail}
        error={props.fields['email']}
        required
      />
      <Field
        label="Password"
        name="password"
        type="password"
        autocomplete="current-password"
        value={props.password}
        onInput={props.onPassword}
        error={props.fields['password']}
        required
      />
    </>
  )
}

/** Log in with email and password, then a two-factor code when the account asks for one. */
export function LoginScreen(): JSX.Element {
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  // Set when the server answers LOGIN_CONFIRMATION_REQUIRED: the sign-in goes on from the mailed link.
  const [mailed, setMailed] = useState(false)
  const { signIn, secondFactorField } = useSignIn(() => {
    signInAwaitingConfirmation = { email, password }
    setMailed(true)
  })
  const form = useSubmit()

  const logIn = async (): Promise<void> => {
    setMailed(false)
    await signIn({ email, password })
  }

  const { fields } = form
  return (
    <section class="narrow">
      <PageTitle title="Log in">Log in</PageTitle>
      <form onSubmit={form.onSubmit(logIn)} noValidate>
        <FormError error={form.error} />
        {mailed && (
          <p class="state success-box" role="status">
            Many sign-ins to this account failed lately, so this one needs confirming: check your email for
            the link we sent, and open it to finish signing in.
          </p>
        )}
        <CredentialFields
          email={email}
          password={password}
          onEmail={setEmail}
          onPassword={setPassword}
          fields={fields}
        />
        {secondFactorField(fields)}
        <div class="actions">
          <button type="submit" disabled={form.busy}>
            {form.busy ? 'Logging in…' : 'Log in'}
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

/**
 * Finish a sign-in the server asked to confirm by mail (`/confirm-login#token=…`): the password again
 * (unless this tab just tried it), then a two-factor code when the account asks for one.
 */
export function ConfirmLoginScreen(): JSX.Element {
  const token = useLinkToken()
  const [remembered] = useState(() => signInAwaitingConfirmation)
  const [email, setEmail] = useState(remembered?.email ?? '')
  const [password, setPassword] = useState(remembered?.password ?? '')
  const [stale, setStale] = useState(false)
  const { signIn, secondFactorField } = useSignIn(() => {
    setStale(true)
  })
  const form = useSubmit()

  const finishSignIn = async (loginToken: string): Promise<void> => {
    setStale(false)
    await signIn({ email, password, login_token: loginToken })
  }

  const { fields } = form
  const asking = remembered === undefined
  return (
    <section class="narrow">
      <PageTitle title="Finish signing in">Finish signing in</PageTitle>
      {token === undefined ? (
        <LinkProblem next={<Link href="/login">Log in again.</Link>}>
          This link is incomplete. Open it from the email again, or log in again to get a new one.
        </LinkProblem>
      ) : stale ? (
        <LinkProblem next={<Link href="/login">Log in again to get a new one.</Link>}>
          This link has expired or has already been used.
        </LinkProblem>
      ) : (
        <form onSubmit={form.onSubmit(() => finishSignIn(token))} noValidate>
          <FormError error={form.error} />
          {asking ? (
            <>
              <p>To confirm that this sign-in is yours, enter your email address and password again.</p>
              <CredentialFields
                email={email}
                password={password}
                onEmail={setEmail}
                onPassword={setPassword}
                fields={fields}
              />
            </>
          ) : (
            <p>
              Signing in as <strong>{email}</strong>.
            </p>
          )}
          {secondFactorField(fields)}
          <button type="submit" disabled={form.busy}>
            {form.busy ? 'Signing in…' : 'Finish signing in'}
          </button>
        </form>
      )}
    </section>
  )
}

/** Create an account; the server's password rules come back as field messages. */
export function RegisterScreen(): JSX.Element {
  const { quire, setUser } = useApp()
  const [email, setEmail] = useState('')
  const [displayName, setDisplayName] = useState('')
  const [password, setPassword] = useState('')
  const form = useSubmit()

  const register = async (): Promise<void> => {
    await quire.register({
      email,
      password,
      ...(displayName.trim() === '' ? {} : { display_name: displayName.trim() }),
    })
    await quire.login({ email, password })
    setUser(await quire.me.get())
    navigate('/', { replace: true })
  }

  const { fields } = form
  return (
    <section class="narrow">
      <PageTitle title="Create an account">Create an account</PageTitle>
      <form onSubmit={form.onSubmit(register)} noValidate>
        <FormError error={form.error} />
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
        <button type="submit" disabled={form.busy}>
          {form.busy ? 'Creating your account…' : 'Create account'}
        </button>
      </form>
      <p>
        Already registered? <Link href="/login">Log in</Link>
      </p>
    </section>
  )
}
