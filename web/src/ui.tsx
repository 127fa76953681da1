// What every screen shows the same way: a value being loaded, the loading, error and empty states, the
// page's title, times and sizes. Forms have theirs beside it, in forms.tsx.

import { QuireError } from '@quire/client'
import type { ComponentChildren, JSX } from 'preact'
import { useCallback, useEffect, useRef, useState } from 'preact/hooks'

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
