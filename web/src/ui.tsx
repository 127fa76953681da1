import { QuireError } from '@quire/client'
import type { ComponentChildren, JSX } from 'preact'
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks'

/** What an asynchronous load is doing. */
type AsyncState<T> =
  { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; value: T }

/** Runs `load` when a dependency changes; `reload` runs it again. Late answers of older runs are dropped. */
export function useAsync<T>(
  load: () => Promise<T>,
  deps: unknown[],
): [AsyncState<T>, () => void, (value: T) => void] {
  const [state, setState] = useState<AsyncState<T>>({ status: 'loading' })
  const [generation, setGeneration] = useState(0)
  useEffect(() => {
    let current = true
    setState({ status: 'loading' })
    load().then(
      (value) => {
        if (current) setState({ status: 'ready', value })
      },
      (error: unknown) => {
        if (current) setState({ status: 'error', error })
      },
    )
    return () => {
      current = false
    }
  }, [...deps, generation])
  const reload = useCallback(() => {
    setGeneration((value) => value + 1)
  }, [])
  const replace = useCallback((value: T) => {
    setState({ status: 'ready', value })
  }, [])
  return [state, reload, replace]
}

/** A person-readable sentence for any failure. */
export function describeError(error: unknown): string {
  if (error instanceof QuireError) {
    if (error.code === 'NETWORK_ERROR')
      return 'Cannot reach the Quire server. Check your connection and try again.'
    if (error.code === 'PRECONDITION_FAILED')
      return 'Someone changed this meanwhile. Reload it and try again.'
    if (error.status === 429) return 'Too many attempts. Wait a moment and try again.'
    return error.message
  }
  return error instanceof Error ? error.message : 'Something went wrong.'
}

/** The field messages of a 422, or none. */
export function fieldErrors(error: unknown): Readonly<Record<string, string>> {
  return error instanceof QuireError ? error.fields : {}
}

/** The page's heading; it takes focus when the screen appears, so screen readers announce the change. */
export function PageTitle(props: { children: ComponentChildren; title: string }): JSX.Element {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    document.title = `${props.title} · Quire`
    heading.current?.focus({ preventScroll: true })
  }, [props.title])
  return (
    <h1 ref={heading} tabIndex={-1}>
      {props.children}
    </h1>
  )
}

/** The loading state, announced politely to screen readers. */
export function Loading(props: { label?: string }): JSX.Element {
  return (
    <p class="state loading" role="status" aria-live="polite">
      <span class="spinner" aria-hidden="true" /> {props.label ?? 'Loading…'}
    </p>
  )
}

/** The error state, with a way to try again. */
export function ErrorNotice(props: { error: unknown; onRetry?: () => void }): JSX.Element {
  return (
    <div class="state error" role="alert">
      <p>{describeError(props.error)}</p>
      {props.onRetry && (
        <button type="button" class="secondary" onClick={props.onRetry}>
          Try again
        </button>
      )}
    </div>
  )
}

/** The empty state. */
export function Empty(props: { children: ComponentChildren }): JSX.Element {
  return <div class="state empty">{props.children}</div>
}

/** The failure of a form submission that is not about one field (those show beside their field). */
export function FormError(props: { error: unknown }): JSX.Element | null {
  if (props.error === undefined) return null
  const fields = fieldErrors(props.error)
  const onlyFields = Object.keys(fields).length > 0
  return (
    <p class="form-error" role="alert">
      {onlyFields ? 'Please correct the fields marked below.' : describeError(props.error)}
    </p>
  )
}

let fieldCounter = 0

/** A labelled input with its hint and error wired to it for assistive technology. */
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
    maxLength: props.maxLength,
    'aria-invalid': props.error ? true : undefined,
    'aria-describedby': described === '' ? undefined : described,
    onInput: (event: Event) => {
      props.onInput((event.currentTarget as HTMLInputElement | HTMLTextAreaElement).value)
    },
  }
  return (
    <div class={props.error ? 'field invalid' : 'field'}>
      <label for={id}>{props.label}</label>
      {props.hint && (
        <p class="hint" id={`${id}-hint`}>
          {props.hint}
        </p>
      )}
      {props.multiline ? (
        <textarea {...common} rows={6} />
      ) : (
        <input
          {...common}
          // Preact types each input type separately; these three take the same attributes. (typescript-eslint
          // resolves the JSX types differently from tsc and calls the assertion unnecessary.)
          // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
          type={(props.type ?? 'text') as 'text'}
          autocomplete={props.autocomplete}
          inputMode={props.inputMode}
        />
      )}
      {props.error && (
        <p class="field-error" id={`${id}-error`}>
          {props.error}
        </p>
      )}
    </div>
  )
}

/** A short, local date and time. */
export function formatTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
}

/** A byte count for people. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}
