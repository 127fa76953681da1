// Live updates: the screens follow the API's event stream (GET /v1/events) through one hook, on the
// client's subscribe, which reconnects and resumes by itself.

import type { EventHandlers, QuireEvent, Topic } from '@quire/client'
import { useEffect, useRef, useState } from 'preact/hooks'
import { useApp } from './context.js'

/**
 * Follows `topics` while the screen is shown (none when `topics` is empty): opens on mount, closes on
 * unmount, and opens again for a new token (sign-in, sign-out, another account), since what a stream
 * may show depends on who reads it. `handlers` may change on every render; the latest ones are called.
 */
export function useLiveEvents(topics: readonly Topic[], handlers: EventHandlers): void {
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
  useEffect(() => {
    if (key === '') return undefined
    // The latest handlers of the screen, looked up by each event's type.
    const subscription = quire.subscribe(key.split(',') as Topic[], {
      event: (event) => {
        const handler = latest.current[event.type] as ((data: unknown, event: QuireEvent) => void) | undefined
        handler?.(event.data, event)
      },
      reset: () => {
        latest.current.reset?.()
      },
    })
    return () => {
      subscription.close()
    }
  }, [quire, key, token])
}
