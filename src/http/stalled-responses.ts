import type { Server } from 'node:http'
import type { Socket } from 'node:net'

// A client that stops reading a response (a slow-read attack, or a dead peer behind a proxy that
// keeps the connection up) would otherwise hold its socket and the response's buffered bytes for
// ever: Node's own deadlines (headersTimeout, requestTimeout) cover only what the client sends. An
// inactivity timeout on every socket (`server.timeout`) would cover it, but Node re-arms that timer on
// every request (a new timer each time the keep-alive timer hands back), a cost on every request of
// the busiest routes. Instead the open sockets are looked at periodically: one that has had
// bytes waiting for its client, with none of them taken, for `timeoutMs` is closed.

/** Where a socket's writing stood when it was last looked at. */
interface Progress {
  written: number
  since: number
}

/**
 * Closes `server`'s connections whose client has taken none of the bytes waiting for it for
 * `timeoutMs`, checking every `everyMs`. Returns the function that stops it (call it on close).
 */
export function closeStalledResponses(server: Server, timeoutMs: number, everyMs: number): () => void {
  const open = new Map<Socket, Progress | undefined>()
  const track = (socket: Socket): void => {
    open.set(socket, undefined)
    socket.once('close', () => open.delete(socket))
  }
  server.on('connection', track)
  const timer = setInterval(() => {
    const now = Date.now()
    for (const [socket, seen] of open) {
      // Nothing waiting: an idle keep-alive connection (keepAliveTimeout's), or a request at work.
      if (socket.writableLength === 0) {
        if (seen !== undefined) open.set(socket, undefined)
        continue
      }
      const written = socket.bytesWritten
      if (seen === undefined || seen.written !== written) open.set(socket, { written, since: now })
      else if (now - seen.since >= timeoutMs) socket.destroy()
    }
  }, everyMs)
  timer.unref()
  return () => {
    clearInterval(timer)
    server.off('connection', track)
  }
}
