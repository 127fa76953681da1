import type { TotpEnrolment } from '@quire/client'
import type { JSX } from 'preact'
import { useState } from 'preact/hooks'
import { useApp } from '../context.js'
import { Field, FormError, useSubmit } from '../forms.js'
import { SettingsSection } from '../ui.js'

/** The email address: verified or not (with a new link on demand), and changing it. */
export function EmailSection(): JSX.Element | null {
  const { quire, user } = useApp()
  const [newEmail, setNewEmail] = useState('')
  const [password, setPassword] = useState('')
  const [message, setMessage] = useState<string>()
  const form = useSubmit()
  if (!user) return null

  // Each action answers with a sentence for the person; both share the form's busy state and failure.
  const tell = (action: () => Promise<string>) => async (): Promise<void> => {
    setMessage(undefined)
    setMessage(await action())
  }

  return (
    <SettingsSection
      id="email"
      title="Email"
      description="Where sign-in links and notices go. A new address applies once you confirm it from that inbox."
    >
      <div class="status-row">
        <p>
          <span class="visually-hidden">Current address: </span>
          <strong class="address">{user.email}</strong>{' '}
          {user.email_verified ? (
            <span class="badge ok">Verified</span>
          ) : (
            <span class="badge warn">Not verified</span>
          )}
        </p>
        {!user.email_verified && (
          <button
            type="button"
            class="secondary small"
            disabled={form.busy}
            onClick={() =>
              void form.run(
                tell(async () => {
                  await quire.me.resendVerification()
                  return `A new confirmation link is on its way to ${user.email}.`
                }),
              )
            }
          >
            Send a new confirmation link
          </button>
        )}
      </div>
      <form
        aria-labelledby="email-heading"
        noValidate
        onSubmit={form.onSubmit(
          tell(async () => {
            await quire.me.changeEmail(newEmail, password)
            setPassword('')
            return `A confirmation link is on its way to ${newEmail}; the change applies once you open it.`
          }),
        )}
      >
        <FormError error={form.error} />
        <Field
          label="New email address"
          name="new_email"
          type="email"
          autocomplete="email"
          value={newEmail}
          onInput={setNewEmail}
          error={form.fields['new_email']}
          required
        />
        <Field
          label="Password"
          name="password"
          type="password"
          autocomplete="current-password"
          hint="Your current password, to confirm it is you."
          value={password}
          onInput={setPassword}
          error={form.fields['password']}
          required
        />
        <div class="actions">
          <button type="submit" disabled={form.busy}>
            Change email
          </button>
        </div>
        {message !== undefined && (
          <p class="success" role="status">
            {message}
          </p>
        )}
      </form>
    </SettingsSection>
  )
}

/** Two-factor sign-in: turn it on (QR code, then a code to confirm, then recovery codes) or off. */
export function TwoFactorSection(): JSX.Element | null {
  const { quire, user, setUser } = useApp()
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const [enrolment, setEnrolment] = useState<TotpEnrolment>()
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>()
  // One submission for the three steps' forms: a failure shows on the form of the step that made it.
  const form = useSubmit()
  if (!user) return null

  const { fields } = form
  const passwordField = (
    <Field
      label="Password"
      name="totp_password"
      type="password"
      autocomplete="current-password"
      value={password}
      onInput={setPassword}
      error={fields['password']}
      required
    />
  )

  let body: JSX.Element
  if (recoveryCodes) {
    body = (
      <div class="state success-box" role="status">
        <p>
          Two-factor sign-in is on. Keep these recovery codes somewhere safe: each one signs you in once if
          you lose your authenticator. They are shown only now.
        </p>
        <ul class="recovery-codes">
          {recoveryCodes.map((recoveryCode) => (
            <li key={recoveryCode}>
              <code>{recoveryCode}</code>
            </li>
          ))}
        </ul>
        <button
          type="button"
          class="secondary"
          onClick={() => {
            setRecoveryCodes(undefined)
          }}
        >
          I have saved them
        </button>
      </div>
    )
  } else if (user.totp_enabled) {
    body = (
      <form
        noValidate
        onSubmit={form.onSubmit(async () => {
          await quire.totp.disable(password)
          setPassword('')
          setUser(await quire.me.get())
        })}
      >
        <p>
          <span class="badge">On</span> Signing in asks for a code from your authenticator app.
        </p>
        <FormError error={form.error} />
        {passwordField}
        <button type="submit" class="danger" disabled={form.busy}>
          Turn off two-factor sign-in
        </button>
      </form>
    )
  } else if (enrolment) {
    body = (
      <form
        noValidate
        onSubmit={form.onSubmit(async () => {
          const codes = await quire.totp.confirm(code)
          setEnrolment(undefined)
          setCode('')
          setRecoveryCodes(codes)
          setUser(await quire.me.get())
        })}
      >
        <p>Scan this code with your authenticator app, then type the six-digit code it shows.</p>
        <img
          class="qr"
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qr_svg)}`}
          alt="QR code for your authenticator app"
          width="200"
          height="200"
        />
        <p class="meta">
          Cannot scan it? Enter this key instead: <code class="secret">{enrolment.secret}</code>
        </p>
        <FormError error={form.error} />
        <Field
          label="Code from the app"
          name="code"
          autocomplete="one-time-code"
          inputMode="numeric"
          value={code}
          onInput={setCode}
          error={fields['code']}
          required
        />
        <button type="submit" disabled={form.busy}>
          Turn on
        </button>
      </form>
    )
  } else {
    body = (
      <form
        noValidate
        onSubmit={form.onSubmit(async () => {
          setEnrolment(await quire.totp.start(password))
          setPassword('')
        })}
      >
        <p class="status-row">
          <span>
            <span class="badge">Off</span> Only your password protects this account.
          </span>
        </p>
        <FormError error={form.error} />
        {passwordField}
        <button type="submit" disabled={form.busy}>
          Set up two-factor sign-in
        </button>
      </form>
    )
  }

  return (
    <SettingsSection
      id="totp"
      title="Two-factor sign-in"
      description="A code from an authenticator app at every sign-in, so a stolen password is not enough."
    >
      {body}
    </SettingsSection>
  )
}
