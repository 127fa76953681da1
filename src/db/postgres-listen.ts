import type pg from 'pg'
import { pgModule } from './pg-module.js'

// A connection of its own that LISTENs on one channel: the pool's connections come and go, and a
// pooler in transaction mode would drop a LISTEN at the end of each transaction. When the connection
// is lost it is opened again (after a pause while PostgreSQL cannot be reached), and `onListening`
// is called each time it listens, so the caller reads whatever it may have missed meanwhile.

const RETRY_MS = 1000

/** What a listener is told: each notification's payload, and each time it (again) listens. */
export interface ListenHandlers {
  onNotification: (payload: string) => void
  onListening: () => void
}

/** A channel listened to until `close()`. */
export interface ChannelListener {
  close: () => Promise<void>
}

/** Listens on `channel` through `url` (PostgreSQL itself, not a pooler in transaction mode). */
export function listenOnChannel(
  url: string,
  connectTimeoutMs: number,
  channel: string,
  handlers: ListenHandlers,
): ChannelListener {
  let closed = false
  let current: pg.Client | undefined
  let retry: NodeJS.Timeout | undefined

  const again = (): void => {
    if (closed) return
    clearTimeout(retry)
    retry = setTimeout(connect, RETRY_MS)
    retry.unref()
  }

  function connect(): void {
    if (closed) return
    const client = new (pgModule().Client)({
      connectionString: url,
      connectionTimeoutMillis: connectTimeoutMs,
      fallback_application_name: 'quire',
      // A peer gone silent (a network cut) is noticed by TCP keep-alive probes.
      keepAlive: true,
      keepAliveInitialDelayMillis: 5000,
    })
    current = client
    const lost = (): void => {
      if (current !== client) return
      current = undefined
      client.end().catch(() => undefined)
      again()
    }
    client.on('error', lost)
    client.on('end', lost)
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotification(message.payload ?? '')
    })
    client
      .connect()
      .then(() => client.query(`listen ${channel}`))
      .then(() => {
        if (current === client) handlers.onListening()
      })
      .catch(lost)
  }

  connect()
  return {
    async close() {
      closed = true
      clearTimeout(retry)
      const client = current
      current = undefined
      await client?.end().catch(() => undefined)
    },
  }
}
