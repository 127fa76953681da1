// What every screen shows the same way: a value being loaded, the loading, error and empty states, the
// page's title, times and sizes. Forms have theirs beside it, in forms.tsx.

import { QuireError } from '@quire/client'
import type { ComponentChildren, JSX } from 'preact'
import { useCallback, useEffect, useRef, useState } from 'preact/hooks'

/** What an asynchronous load is doing. */
type AsyncState<T> =
  { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; value: T }

/** Changes a loaded value from its latest state (never from a copy a closure kept), so updates in a row all land. */
type Updater<T> = (update: (value: T) => T) => void

/** Whether two dependency lists hold the same values. */
function sameDeps(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((value, index) => Object.is(value, b[index]))
}

/**
 * Runs `load` when a dependency changes; `reload` runs it again; `update` changes the loaded value.
 * Late answers of older runs are dropped. Until `ready` (e.g. the screen's live stream is open:
 * useLiveEvents), nothing is loaded and the state is `loading`. A reload refreshes in place: a loaded
 * value stays shown until the new one arrives (a live `reset` does not blank the screen).
 */
export function useAsync<T>(
  load: () => Promise<T>,
  deps: unknown[],
  ready = true,
): [AsyncState<T>, () => void, Updater<T>] {
  const [state, setState] = useState<AsyncState<T>>({ status: 'loading' })
  const [generation, setGeneration] = useState(0)
  // What the value shown was loaded for: a run for the same is a reload.
  const loadedFor = useRef<unknown[] | undefined>(undefined)
  useEffect(() => {
    let current = true
    const reloading = loadedFor.current !== undefined && ready && sameDeps(loadedFor.current, deps)
    loadedFor.current = ready ? deps : undefined
    setState((latest) => (reloading && latest.status === 'ready' ? latest : { status: 'loading' }))
    if (!ready) return undefined
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
  }, [...deps, generation, ready])
  const reload = useCallback(() => {
    setGeneration((value) => value + 1)
  }, [])
  const update = useCallback<Updater<T>>((change) => {
    setState((latest) =>
      latest.status === 'ready' ? { status: 'ready', value: change(latest.value) } : latest,
    )
  }, [])
  return [state, reload, update]
}

/** A person-readable sentence for any failure. */
export function describeError(error: unknown): string {
  if (error instanceof QuireError) {
    if (error.code === 'NETWORK_ERROR')
      return 'Cannot reach the Quire server. Check your connection and try again.'
    if (error.code === 'PRECONDITION_FAILED')
      return 'Someone changed this meanwhile. Reload it and try again.'
    if (error.status === 429) return 'Too many attempts. Wait a moment and try again.'
    if (error.status >= 500) return 'Something went wrong on the server. Try again in a moment.'
    return asSentence(error.message)
  }
  return error instanceof Error ? asSentence(error.message) : 'Something went wrong.'
}

/** A message as a sentence: capitalised, with its closing full stop. */
function asSentence(message: string): string {
  const trimmed = message.trim()
  if (trimmed === '') return 'Something went wrong.'
  const capitalised = trimmed.charAt(0).toUpperCase() + trimmed.slice(1)
  return /[.!?…]$/.test(capitalised) ? capitalised : `${capitalised}.`
}

/** True when a load failed because the thing is not there (or not visible to this caller). */
export function isNotFound(error: unknown): boolean {
  return error instanceof QuireError && error.status === 404
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

/** One part of the account area: a card with its heading and a sentence on what it is for, then its controls. */
export function SettingsSection(props: {
  id: string
  title: string
  description: string
  children: ComponentChildren
}): JSX.Element {
  return (
    <section class="card settings-card" id={props.id} aria-labelledby={`${props.id}-heading`}>
      <div class="settings-intro">
        <h2 id={`${props.id}-heading`}>{props.title}</h2>
        <p class="hint">{props.description}</p>
      </div>
      <div class="settings-body">{props.children}</div>
    </section>
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

const RELATIVE_STEPS: ReadonlyArray<readonly [Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
]

const relativeFormat = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' })

/** How long ago a moment was, in words ("3 minutes ago", "yesterday"); under a minute is "just now". */
function formatRelative(iso: string, now: number = Date.now()): string {
  let amount = (new Date(iso).getTime() - now) / 1000
  if (Math.abs(amount) < 45) return 'just now'
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(amount) < size) return relativeFormat.format(Math.round(amount), unit)
    amount /= size
  }
  return formatTime(iso)
}

// One clock for every relative time on the page: they move on together, once a minute.
const clockListeners = new Set<() => void>()
let clockTimer: ReturnType<typeof setInterval> | undefined

function useMinuteClock(): void {
  const [, setTick] = useState(0)
  useEffect(() => {
    const listener = (): void => {
      setTick((tick) => tick + 1)
    }
    clockListeners.add(listener)
    clockTimer ??= setInterval(() => {
      for (const each of clockListeners) each()
    }, 60_000)
    return () => {
      clockListeners.delete(listener)
      if (clockListeners.size === 0 && clockTimer !== undefined) {
        clearInterval(clockTimer)
        clockTimer = undefined
      }
    }
  }, [])
}

/** A moment as "3 minutes ago", with the exact local time on hover and in `datetime` for machines. */
export function TimeAgo(props: { iso: string; prefix?: string }): JSX.Element {
  useMinuteClock()
  return (
    <time dateTime={props.iso} title={formatTime(props.iso)}>
      {props.prefix}
      {formatRelative(props.iso)}
    </time>
  )
}

/** Who wrote a post or comment, as the server describes them (`author` may be absent on older servers). */
interface Authored {
  user_id: string
  author?: { id: string; display_name: string | null } | null | undefined
}

/** The name to show for an author: the display name, else a stable stand-in that never reveals the email. */
export function authorName(item: Authored): string {
  const name = item.author?.display_name?.trim()
  if (name !== undefined && name !== '') return name
  const id = item.author?.id ?? item.user_id
  return `Member ${id.replace(/-/g, '').slice(-4)}`
}

/** An author's initial on a coloured disc, the colour fixed by their ID so a person keeps theirs. */
function Avatar(props: { item: Authored }): JSX.Element {
  const name = authorName(props.item)
  const id = props.item.author?.id ?? props.item.user_id
  let hash = 0
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) % 360
  const initial = Array.from(name)[0] ?? '?'
  return (
    <span class="avatar" aria-hidden="true" style={`--avatar-hue: ${hash}`}>
      {initial.toUpperCase()}
    </span>
  )
}

/** The byline of a post or comment: avatar, name ("you" for the reader's own), and when. */
export function Byline(props: {
  item: Authored & { created_at: string }
  userId: string | undefined
}): JSX.Element {
  const { item } = props
  const mine = props.userId !== undefined && props.userId === item.user_id
  return (
    <span class="byline">
      <Avatar item={item} />
      <span class="author">{authorName(item)}</span>
      {mine && <span class="badge">You</span>}
      <span aria-hidden="true">·</span>
      <TimeAgo iso={item.created_at} />
    </span>
  )
}

/** A byte count for people. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}
