// What readers and moderators see of moderation beside the content itself: the report dialog, the
// banner on hidden items, and the moderator's hide and unhide buttons. The queue and the admin area are
// screens of their own (screens/moderation.tsx, screens/admin.tsx).

import { QuireError } from '@quire/client'
import type { ComponentChildren, JSX } from 'preact'
import { useEffect, useRef, useState } from 'preact/hooks'
import { useApp } from './context.js'
import { Field, useSubmit } from './forms.js'
import { reportItem, setHidden, type ReportReason, type TargetType } from './moderation-api.js'
import { describeError } from './ui.js'
import './moderation.css'

const REASONS: ReadonlyArray<readonly [ReportReason, string, string]> = [
  ['spam', 'Spam', 'Advertising, scams or repeated junk'],
  ['abuse', 'Abuse', 'Harassment, hate or threats'],
  ['illegal', 'Illegal', 'Content that breaks the law'],
  ['other', 'Other', 'Something else: say what in the note'],
]

/** The longest note the server takes on a report or a resolution. */
export const NOTE_MAX_LENGTH = 1000

/** A modal dialog, open while `open` is true; Escape and the close button call `onClose`. */
function Dialog(props: {
  open: boolean
  title: string
  onClose: () => void
  children: ComponentChildren
}): JSX.Element {
  const dialog = useRef<HTMLDialogElement>(null)
  const [headingId] = useState(() => `dialog-${Math.random().toString(36).slice(2)}`)
  useEffect(() => {
    const element = dialog.current
    if (element === null) return
    if (props.open && !element.open) element.showModal()
    if (!props.open && element.open) element.close()
  }, [props.open])
  return (
    <dialog
      ref={dialog}
      class="card dialog"
      aria-labelledby={headingId}
      onClose={() => {
        if (props.open) props.onClose()
      }}
    >
      {props.open && (
        <>
          <h2 id={headingId}>{props.title}</h2>
          {props.children}
        </>
      )}
    </dialog>
  )
}

/** What a report is about, for the dialog's title and the button's accessible name. */
interface ReportTarget {
  type: TargetType
  id: string
  /** Names the item for screen readers ("comment by Ada Lovelace"). */
  label: string
}

/** A "Report" button that opens a dialog: a reason, an optional note, then a thank-you. */
export function ReportButton(props: { target: ReportTarget }): JSX.Element {
  const { quire } = useApp()
  const [open, setOpen] = useState(false)
  const [reason, setReason] = useState<ReportReason>('spam')
  const [note, setNote] = useState('')
  const [outcome, setOutcome] = useState<string>()
  const form = useSubmit()

  const send = async (): Promise<void> => {
    try {
      await reportItem(quire, props.target, note.trim() === '' ? { reason } : { reason, note: note.trim() })
      setOutcome('Reported. Thank you.')
    } catch (error) {
      if (error instanceof QuireError && error.status === 409) setOutcome('You have already reported this.')
      else throw error
    }
  }
  const close = (): void => {
    setOpen(false)
    setOutcome(undefined)
    setNote('')
    setReason('spam')
  }

  return (
    <>
      <button
        type="button"
        class="link report-button"
        aria-haspopup="dialog"
        onClick={() => {
          setOpen(true)
        }}
      >
        Report<span class="visually-hidden"> {props.target.label}</span>
      </button>
      <Dialog open={open} title={`Report this ${props.target.type}`} onClose={close}>
        {outcome === undefined ? (
          <form onSubmit={form.onSubmit(send)} noValidate>
            <fieldset class="choices">
              <legend>Why should a moderator look at it?</legend>
              {REASONS.map(([value, label, hint]) => (
                <label key={value}>
                  <input
                    type="radio"
                    name="reason"
                    value={value}
                    checked={reason === value}
                    onChange={() => {
                      setReason(value)
                    }}
                  />
                  <span>
                    <strong>{label}</strong> <span class="hint">{hint}</span>
                  </span>
                </label>
              ))}
            </fieldset>
            <Field
              label="Note for the moderators (optional)"
              name="note"
              multiline
              rows={3}
              value={note}
              onInput={setNote}
              maxLength={NOTE_MAX_LENGTH}
              error={form.fields['note'] ?? form.fields['reason']}
            />
            {form.error !== undefined && Object.keys(form.fields).length === 0 && (
              <p class="form-error" role="alert">
                {describeError(form.error)}
              </p>
            )}
            <div class="actions">
              <button type="submit" disabled={form.busy}>
                {form.busy ? 'Sending…' : 'Send report'}
              </button>
              <button type="button" class="secondary" onClick={close}>
                Cancel
              </button>
            </div>
          </form>
        ) : (
          <>
            <p class="success" role="status">
              {outcome}
            </p>
            <div class="actions">
              <button type="button" onClick={close}>
                Close
              </button>
            </div>
          </>
        )}
      </Dialog>
    </>
  )
}

/** The `moderation` field of a post or comment. */
type Moderation = { hidden: boolean; reason: string | null } | null | undefined

/** The banner over a hidden item, which only its author and moderators still see. */
export function HiddenBanner(props: { moderation: Moderation }): JSX.Element | null {
  if (!props.moderation?.hidden) return null
  const reason = props.moderation.reason?.trim()
  return (
    <p class="hidden-banner">
      <strong>Hidden by a moderator</strong>
      {reason !== undefined && reason !== '' ? `: ${reason}` : '.'}{' '}
      <span class="hint">Only its author and moderators see it.</span>
    </p>
  )
}

/** A moderator's hide button (asking for the reason its author will read) or unhide button. */
export function HideButton(props: {
  target: { type: 'post' | 'comment'; id: string; label: string }
  moderation: Moderation
  onChanged: () => void
  class?: string
}): JSX.Element {
  const { quire } = useApp()
  const [open, setOpen] = useState(false)
  const [reason, setReason] = useState('')
  const form = useSubmit()
  const hidden = props.moderation?.hidden === true
  const { target } = props

  const unhide = form.onSubmit(async () => {
    await setHidden(quire, target, false)
    props.onChanged()
  })
  const hide = async (): Promise<void> => {
    await setHidden(quire, target, true, reason.trim())
    setOpen(false)
    setReason('')
    props.onChanged()
  }

  return (
    <>
      <button
        type="button"
        class={props.class ?? 'secondary'}
        disabled={form.busy}
        onClick={(event) => {
          if (hidden) unhide(event)
          else setOpen(true)
        }}
      >
        {hidden ? 'Unhide' : 'Hide'}
        <span class="visually-hidden"> {target.label}</span>
      </button>
      {!open && form.error !== undefined && (
        <span class="form-error" role="alert">
          {describeError(form.error)}
        </span>
      )}
      <Dialog
        open={open}
        title={`Hide this ${target.type}`}
        onClose={() => {
          setOpen(false)
        }}
      >
        <form onSubmit={form.onSubmit(hide)} noValidate>
          <p class="hint">
            Nobody but its author and moderators will see it. Its author reads the reason on it.
          </p>
          <Field
            label="Reason (optional)"
            name="reason"
            value={reason}
            onInput={setReason}
            maxLength={NOTE_MAX_LENGTH}
            error={form.fields['reason']}
          />
          {form.error !== undefined && Object.keys(form.fields).length === 0 && (
            <p class="form-error" role="alert">
              {describeError(form.error)}
            </p>
          )}
          <div class="actions">
            <button type="submit" class="danger" disabled={form.busy}>
              {form.busy ? 'Hiding…' : 'Hide'}
            </button>
            <button
              type="button"
              class="secondary"
              onClick={() => {
                setOpen(false)
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      </Dialog>
    </>
  )
}
