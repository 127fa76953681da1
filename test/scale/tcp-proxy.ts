import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net'

// A TCP proxy between Quire and PostgreSQL that a test can cut and restore, to play the network
// failures a deployment meets: a server that refuses connections (down, restarting) and a route
// that black-holes packets (connects and queries get no answer at all).

/** How the proxy treats traffic. */
type ProxyMode = 'open' | 'refuse' | 'blackhole'

export interface TcpProxy {
  port: number
  /** How many client connections the proxy has accepted so far. */
  readonly connections: number
  /** Refuse: stop listening and reset every connection. Black-hole: keep every socket open, forward nothing. */
  cut: (mode: 'refuse' | 'blackhole') => Promise<void>
  /** Forward again; connections left over from a black-hole are closed, as a real route's would time out. */
  restore: () => Promise<void>
  close: () => Promise<void>
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject)
      resolve((server.address() as AddressInfo).port)
    })
  })
}

/** Starts a proxy on a free local port forwarding to `target`. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: ProxyMode = 'open'
  let connections = 0
  const sockets = new Set<Socket>()
  const track = (socket: Socket): void => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => undefined)
  }

  const server = createServer((client) => {
    connections += 1
    track(client)
    if (mode !== 'open') {
      // Black-holed: the connection is accepted and then nothing ever answers.
      client.on('data', () => undefined)
      return
    }
    const upstream = connect(target.port, target.host)
    track(upstream)
    const forward = (from: Socket, to: Socket): void => {
      from.on('data', (chunk: Buffer) => {
        if (mode === 'open') to.write(chunk)
      })
      from.on('close', () => to.destroy())
    }
    forward(client, upstream)
    forward(upstream, client)
  })
  const port = await listen(server, 0)

  const destroyAll = (): void => {
    for (const socket of sockets) socket.destroy()
  }
  const stopListening = (): Promise<void> =>
    new Promise((resolve) => {
      if (!server.listening) {
        resolve()
        return
      }
      server.close(() => {
        resolve()
      })
    })

  return {
    port,
    get connections() {
      return connections
    },
    async cut(next) {
      mode = next
      if (next === 'refuse') {
        const closed = stopListening()
        destroyAll()
        await closed
      }
    },
    async restore() {
      destroyAll()
      mode = 'open'
      if (!server.listening) await listen(server, port)
    },
    async close() {
      mode = 'refuse'
      const closed = stopListening()
      destroyAll()
      await closed
    },
  }
}

/** The same database URL, reaching the server through the proxy. */
export function throughProxy(url: string, proxy: { port: number }): string {
  const rewritten = new URL(url)
  rewritten.hostname = '127.0.0.1'
  rewritten.port = String(proxy.port)
  return rewritten.toString()
}
