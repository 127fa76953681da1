// Live updates: the screens follow the API's event stream (GET /v1/events) through one hook, on the
// client's subscribe, which reconnects and resumes by itself.

import type { EventHandlers, QuireEvent, Topic } from '@quire/client'
import { useEffect, useRef, useState } from 'preact/hooks'
import { useApp } from './context.js'

/** How long a screen waits for its stream to open before it reads anyway. */
const OPEN_PATIENCE_MS = 2000

/**
 * Follows `topics` while the screen is shown (none when `topics` is empty): opens on mount, closes on
 * unmount, and opens again for a new token (sign-in, sign-out, another account), since what a stream
 * may show depends on who reads it. `handlers` may change on every render; the latest ones are called.
 *
 * Answers whether the screen may read what it shows: once its stream is open, every change after the
 * read reaches it as an event, while a read made before the stream opened can miss one committed in
 * between. So a screen loads when this turns true (useAsync's `ready`). A stream that fails before it
 * ever opens, or takes longer than OPEN_PATIENCE_MS to open (a proxy that holds it back), does not hold
 * the screen up: it may read then, and the stream's first opening refetches as a `reset` does.
 */
export function useLiveEvents(topics: readonly Topic[], handlers: EventHandlers): boolean {
  const { quire } = useApp()
  const latest = useRef(handlers)
  latest.current = handlers
  const [token, setToken] = useState(quire.auth.token)
  useEffect(
    () =>
      quire.auth.onChange((state) => {
        setToken(state?.token)
      }),
    [quire],
  )
  const key = topics.join(',')
  // The subscription that may be read from: its topics and token (a new one starts unread).
  const stream = `${key}\n${token ?? ''}`
  const [readable, setReadable] = useState<string>()
  useEffect(() => {
    if (key === '') return undefined
    let open = false
    let readFirst = false
    const readAnyway = (): void => {
      if (open || readFirst) return
      readFirst = true
      setReadable(stream)
    }
    const patience = setTimeout(readAnyway, OPEN_PATIENCE_MS)
    // The latest handlers of the screen, looked up by each event's type.
    const subscription = quire.subscribe(key.split(',') as Topic[], {
      event: (event) => {
        const handler = latest.current[event.type] as ((data: unknown, event: QuireEvent) => void) | undefined
        handler?.(event.data, event)
      },
      reset: () => {
        latest.current.reset?.()
      },
      open: () => {
        if (!open && readFirst) latest.current.reset?.()
        open = true
        setReadable(stream)
      },
      error: readAnyway,
    })
    return () => {
      clearTimeout(patience)
      subscription.close()
    }
  }, [quire, key, stream])
  return key === '' || readable === stream
}
