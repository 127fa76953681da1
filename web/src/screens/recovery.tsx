import type { ComponentChildren, JSX } from 'preact'
import { useEffect, useRef, useState } from 'preact/hooks'
import { useApp } from '../context.js'
import { Field, fieldErrors, FormError, useSubmit } from '../forms.js'
import { Link, useLinkToken } from '../router.js'
import { describeError, Loading, PageTitle } from '../ui.js'

/** A link from an email that cannot be used: what is wrong, in a sentence, and the one thing to do next. */
export function LinkProblem(props: { children: ComponentChildren; next: ComponentChildren }): JSX.Element {
  return (
    <div class="state error link-problem" role="alert">
      <p>{props.children}</p>
      <p class="next-step">{props.next}</p>
    </div>
  )
}

const EXPIRED = 'This link has expired or has already been used.'

/** Ask for a password-reset link. The answer is the same whether or not the account exists. */
export function ForgotPasswordScreen(): JSX.Element {
  const { quire } = useApp()
  const [email, setEmail] = useState('')
  const [sent, setSent] = useState(false)
  const form = useSubmit()

  const requestLink = async (): Promise<void> => {
    await quire.passwordResets.request(email)
    setSent(true)
  }

  return (
    <section class="narrow">
      <PageTitle title="Reset your password">Reset your password</PageTitle>
      {sent ? (
        <div class="state success-box" role="status">
          <p>
            If an account uses <strong>{email}</strong>, a link to choose a new password is on its way. It
            works once, for a limited time.
          </p>
          <Link href="/login">Back to log in</Link>
        </div>
      ) : (
        <form onSubmit={form.onSubmit(requestLink)} noValidate>
          <p>Enter the email address of your account; we will send you a link to choose a new password.</p>
          <FormError error={form.error} />
          <Field
            label="Email"
            name="email"
            type="email"
            autocomplete="email"
            value={email}
            onInput={setEmail}
            error={form.fields['email']}
            required
          />
          <button type="submit" disabled={form.busy}>
            {form.busy ? 'Sending…' : 'Send the link'}
          </button>
        </form>
      )}
    </section>
  )
}

/** Choose a new password with the emailed token; every session of the account ends. */
export function ResetPasswordScreen(): JSX.Element {
  const { quire } = useApp()
  const token = useLinkToken()
  const [password, setPassword] = useState('')
  const [done, setDone] = useState(false)
  const form = useSubmit()

  const setNewPassword = async (resetToken: string): Promise<void> => {
    await quire.passwordResets.confirm(resetToken, password)
    setDone(true)
  }

  const { fields } = form
  return (
    <section class="narrow">
      <PageTitle title="Choose a new password">Choose a new password</PageTitle>
      {token === undefined && (
        <LinkProblem next={<Link href="/forgot-password">Request a new link.</Link>}>
          This link is incomplete. Open it from the email again, or request a new one.
        </LinkProblem>
      )}
      {token !== undefined && fields['token'] !== undefined && (
        <LinkProblem next={<Link href="/forgot-password">Request a new one.</Link>}>{EXPIRED}</LinkProblem>
      )}
      {token !== undefined && done && (
        <div class="state success-box" role="status">
          <p>Your password is changed, and every session of your account was signed out.</p>
          <Link href="/login">Log in</Link>
        </div>
      )}
      {token !== undefined && !done && fields['token'] === undefined && (
        <form onSubmit={form.onSubmit(() => setNewPassword(token))} noValidate>
          <FormError error={form.error} shows={['new_password']} />
          <input type="text" name="username" autocomplete="username" hidden readOnly />
          <Field
            label="New password"
            name="new_password"
            type="password"
            autocomplete="new-password"
            hint="At least 10 characters; common or guessable passwords are refused."
            value={password}
            onInput={setPassword}
            error={fields['new_password']}
            required
          />
          <button type="submit" disabled={form.busy}>
            {form.busy ? 'Saving…' : 'Set the new password'}
          </button>
        </form>
      )}
    </section>
  )
}

/** Where a screen that acts on its link as it opens stands: at work, done, or failed with the error. */
type LinkActionState = 'working' | 'done' | { error: unknown }

/**
 * The token of the link that opened this screen, spent by `act` once, as soon as the screen opens (a
 * later render's `act` is not run again); `state` follows it.
 */
function useLinkAction(act: (token: string) => Promise<void>): {
  token: string | undefined
  state: LinkActionState
} {
  const token = useLinkToken()
  const [state, setState] = useState<LinkActionState>('working')
  const action = useRef(act)

  useEffect(() => {
    if (token === undefined) return
    let current = true
    action.current(token).then(
      () => {
        if (current) setState('done')
      },
      (error: unknown) => {
        if (current) setState({ error })
      },
    )
    return () => {
      current = false
    }
  }, [token])

  return { token, state }
}

/** Confirms an email address (a new account's, or a changed one) as soon as the emailed link opens. */
export function VerifyEmailScreen(): JSX.Element {
  const { quire, user, setUser } = useApp()
  const { token, state } = useLinkAction(async (linkToken) => {
    await quire.emailVerifications.confirm(linkToken)
    // The address is confirmed whatever this refresh of the signed-in profile does.
    if (quire.token !== undefined) void quire.me.get().then(setUser, () => undefined)
  })

  return (
    <section class="narrow">
      <PageTitle title="Confirm your email">Confirm your email</PageTitle>
      {token === undefined && (
        <LinkProblem next={<NewVerificationLink />}>
          This link is incomplete. Open it from the email again.
        </LinkProblem>
      )}
      {token !== undefined && state === 'working' && <Loading label="Confirming your email address…" />}
      {state === 'done' && (
        <div class="state success-box" role="status">
          <p>Your email address is confirmed{user ? `: ${user.email}` : ''}.</p>
          <Link href={user ? '/account' : '/login'}>{user ? 'Back to your account' : 'Log in'}</Link>
        </div>
      )}
      {typeof state === 'object' && (
        <LinkProblem next={<NewVerificationLink />}>
          {fieldErrors(state.error)['token'] === undefined
            ? describeError(state.error)
            : `${EXPIRED} A newer link replaces an older one.`}
        </LinkProblem>
      )}
    </section>
  )
}

/** The next step after a confirmation link that failed: a new link at once when signed in, else logging in. */
function NewVerificationLink(): JSX.Element {
  const { quire, user } = useApp()
  const [sent, setSent] = useState(false)
  const request = useSubmit()
  if (!user) return <Link href="/login">Log in to request a new one.</Link>
  if (user.email_verified) return <Link href="/account#email">Your email address is already confirmed.</Link>
  if (sent) return <span role="status">A new link is on its way to {user.email}.</span>
  return (
    <>
      <button
        type="button"
        disabled={request.busy}
        onClick={() =>
          void request.run(async () => {
            await quire.me.resendVerification()
            setSent(true)
          })
        }
      >
        Send me a new link
      </button>
      {request.error !== undefined && <span class="form-error"> {describeError(request.error)}</span>}
    </>
  )
}

/**
 * Cancels a pending email change as soon as the link mailed to the current address opens. The owner
 * may not be signed in (or know the password any more), so the link alone is enough.
 */
export function CancelEmailChangeScreen(): JSX.Element {
  const { quire, user } = useApp()
  const { token, state } = useLinkAction((linkToken) => quire.emailChanges.cancel(linkToken))

  return (
    <section class="narrow">
      <PageTitle title="Cancel the email change">Cancel the email change</PageTitle>
      {token === undefined && (
        <LinkProblem
          next={<Link href={user ? '/account#email' : '/login'}>Check your account’s email address.</Link>}
        >
          This link is incomplete. Open it from the email again.
        </LinkProblem>
      )}
      {token !== undefined && state === 'working' && <Loading label="Cancelling the email change…" />}
      {state === 'done' && (
        <div class="state success-box" role="status">
          <p>The email change is cancelled: your account keeps its current address.</p>
          <p>If you did not ask for the change, someone else knows your password: choose a new one now.</p>
          <Link href={user ? '/account' : '/forgot-password'}>Choose a new password</Link>
        </div>
      )}
      {typeof state === 'object' && (
        <LinkProblem
          next={
            user ? (
              <Link href="/account#email">Check your account’s email address.</Link>
            ) : (
              <Link href="/login">Log in to check your account’s email address.</Link>
            )
          }
        >
          {fieldErrors(state.error)['token'] === undefined
            ? describeError(state.error)
            : `${EXPIRED} If the change was already confirmed, it can no longer be cancelled from here.`}
        </LinkProblem>
      )}
    </section>
  )
}
