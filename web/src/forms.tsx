// Every form of the app submits through useSubmit and labels its controls with Field, so busy buttons,
// the failure shown above the form, the 422's field messages beside their fields and the wiring that
// lets assistive technology read them all work one way.

import { QuireError } from '@quire/client'
import type { JSX } from 'preact'
import { useLayoutEffect, useState } from 'preact/hooks'
import { describeError } from './ui.js'

/** The field messages of a 422, or none. */
export function fieldErrors(error: unknown): Readonly<Record<string, string>> {
  return error instanceof QuireError ? error.fields : {}
}

/** A form's submission: whether one is running, how the last one failed, and the ways to start one. */
interface Submission {
  busy: boolean
  /** The failure of the last submission, undefined while one runs and after one succeeds. */
  error: unknown
  /** The field messages of that failure (a 422's `fields`), keyed by the API's field names. */
  fields: Readonly<Record<string, string>>
  /**
   * Runs `action` as the submission: busy meanwhile, and whatever it throws becomes `error`. An answer
   * the screen expects (a second factor asked for, say) is caught inside `action`, which then returns.
   */
  run: (action: () => Promise<void>) => Promise<void>
  /** The form's onSubmit: keeps the browser from loading a page, then runs `action`. */
  onSubmit: (action: () => Promise<void>) => (event: Event) => void
}

/** The state of one form's submissions (or of buttons that act without a form and show their failure). */
export function useSubmit(): Submission {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>()
  const run = async (action: () => Promise<void>): Promise<void> => {
    setBusy(true)
    setError(undefined)
    try {
      await action()
    } catch (failure) {
      setError(failure)
    } finally {
      setBusy(false)
    }
  }
  return {
    busy,
    error,
    fields: fieldErrors(error),
    run,
    onSubmit: (action) => (event) => {
      event.preventDefault()
      void run(action)
    },
  }
}

/**
 * The failure of a form submission that is not about one of its fields (those show beside their field).
 * `shows` names the fields the form has, when it knows: a message about any other field is told here
 * in full, rather than pointing at a field that is not there.
 */
export function FormError(props: { error: unknown; shows?: readonly string[] }): JSX.Element | null {
  if (props.error === undefined) return null
  const fields = fieldErrors(props.error)
  const names = Object.keys(fields)
  if (names.length === 0) {
    return (
      <p class="form-error" role="alert">
        {describeError(props.error)}
      </p>
    )
  }
  const { shows } = props
  const elsewhere = shows === undefined ? [] : names.filter((name) => !shows.includes(name))
  const marked = names.length > elsewhere.length
  return (
    <p class="form-error" role="alert">
      {elsewhere.map((name) => fields[name]).join(' ')}
      {elsewhere.length > 0 && marked && ' '}
      {marked && 'Please correct the fields marked below.'}
    </p>
  )
}

let fieldCounter = 0

/** A labelled control (input, text area or list) with its hint and error wired to it for assistive technology. */
export function Field(props: {
  label: string
  name: string
  value: string
  onInput: (value: string) => void
  type?: 'text' | 'email' | 'password'
  hint?: string
  error?: string | undefined
  required?: boolean
  autocomplete?: string
  multiline?: boolean
  /** The height of a multiline field, in lines. */
  rows?: number
  /** Makes the field a list to choose from: each option's value and label. */
  options?: ReadonlyArray<readonly [value: string, label: string]>
  maxLength?: number
  inputMode?: 'numeric' | 'text' | 'email'
  /** Takes the focus when it appears (a field revealed by the previous step). */
  focusOnMount?: boolean
}): JSX.Element {
  const [id] = useState(() => `field-${props.name}-${++fieldCounter}`)
  const focusOnMount = props.focusOnMount === true
  // In the same task that puts the field on the page, before it is painted: with useEffect the field
  // showed for a frame without the focus (and a test that found it could see it unfocused).
  useLayoutEffect(() => {
    if (focusOnMount) document.getElementById(id)?.focus()
  }, [focusOnMount, id])
  const described = [props.hint ? `${id}-hint` : '', props.error ? `${id}-error` : '']
    .filter((part) => part !== '')
    .join(' ')
  const common = {
    id,
    name: props.name,
    value: props.value,
    required: props.required,
    'aria-invalid': props.error ? true : undefined,
    'aria-describedby': described === '' ? undefined : described,
    onInput: (event: Event) => {
      props.onInput((event.currentTarget as HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement).value)
    },
  }
  let control: JSX.Element
  if (props.options) {
    control = (
      <select {...common}>
        {props.options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    )
  } else if (props.multiline) {
    control = <textarea {...common} maxLength={props.maxLength} rows={props.rows ?? 6} />
  } else {
    control = (
      <input
        {...common}
        maxLength={props.maxLength}
        // Preact types each input type separately; these three take the same attributes. (typescript-eslint
        // resolves the JSX types differently from tsc and calls the assertion unnecessary.)
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
        type={(props.type ?? 'text') as 'text'}
        autocomplete={props.autocomplete}
        inputMode={props.inputMode}
      />
    )
  }
  return (
    <div class={props.error ? 'field invalid' : 'field'}>
      <label for={id}>{props.label}</label>
      {props.hint && (
        <p class="hint" id={`${id}-hint`}>
          {props.hint}
        </p>
      )}
      {control}
      {props.error && (
        <p class="field-error" id={`${id}-error`}>
          {props.error}
        </p>
      )}
    </div>
  )
}
