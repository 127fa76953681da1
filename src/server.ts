import cluster from 'node:cluster'
import { setTimeout as delay } from 'node:timers/promises'
import type { FastifyBaseLogger } from 'fastify'
import { pino } from 'pino'
import { buildApp } from './app.js'
import { superviseWorkers } from './cluster.js'
import { ConfigError, loadConfig, type Config } from './config.js'
import { createDb } from './db/database.js'
import { migrateDatabase } from './db/migrate.js'
import { readBuildVersion } from './version.js'

// Start-up: configuration → database (migrated) → app → listen. Shutdown on SIGTERM/SIGINT: stop
// accepting connections, let in-flight requests finish, close the database, exit 0. With WORKERS above
// 1, this process migrates, then supervises that many workers, each of which starts the same way.

const SHUTDOWN_GRACE_MS = 10_000

/** The primary migrates before forking, so workers start on the current schema and never race. */
async function migrateOnce(config: Readonly<Config>): Promise<void> {
  const db = createDb(config.database)
  try {
    await migrateDatabase(config.database, db)
  } finally {
    await db.destroy()
  }
}

async function main(): Promise<void> {
  let config
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`quire: invalid configuration: ${error.message}\n`)
      process.exit(1)
    }
    throw error
  }

  if (config.workers > 1 && cluster.isPrimary) {
    await migrateOnce(config)
    superviseWorkers(config.workers, pino({ level: config.logLevel }), config.shutdownDrainMs)
    return
  }

  // Pool errors can come before the app (and its logger) exists, while migrating.
  const poolLog: { to?: FastifyBaseLogger } = {}
  const warn = (message: string, error: Error): void => {
    const line = { err: { message: error.message, code: (error as { code?: unknown }).code } }
    if (poolLog.to) poolLog.to.warn(line, message)
    else process.stderr.write(`quire: ${message}: ${error.message}\n`)
  }
  const db = createDb(config.database, {
    onPoolError: (error) => {
      warn('database connection lost', error)
    },
    onUnreachable: (error) => {
      warn('database unreachable; answering 503 until it is back', error)
    },
    onReachable: () => {
      if (poolLog.to) poolLog.to.info('database reachable again')
      else process.stderr.write('quire: database reachable again\n')
    },
  })
  await migrateDatabase(config.database, db)
  const app = await buildApp({ config, db, version: readBuildVersion() })
  poolLog.to = app.log

  let shuttingDown = false
  const shutdown = (signal: NodeJS.Signals): void => {
    if (shuttingDown) return
    shuttingDown = true
    app.log.info({ signal, drain_ms: config.shutdownDrainMs }, 'shutting down')
    // Draining: still serving, but readiness answers 503 so a load balancer stops sending new
    // requests before the listener closes under them.
    app.lifecycle.draining = true
    // A request that never finishes must not keep the process alive past the grace period.
    const forced = setTimeout(() => {
      app.log.error('graceful shutdown timed out; exiting')
      process.exit(1)
    }, config.shutdownDrainMs + SHUTDOWN_GRACE_MS)
    forced.unref()
    delay(config.shutdownDrainMs)
      .then(() => app.close())
      .then(() => app.lifecycle.settled())
      .then(() => db.destroy())
      .then(() => {
        app.log.info('shutdown complete')
        process.exit(0)
      })
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed')
        process.exit(1)
      })
  }
  process.on('SIGTERM', shutdown)
  process.on('SIGINT', shutdown)

  await app.listen({ port: config.port, host: config.host })
}

main().catch((error: unknown) => {
  process.stderr.write(`quire: failed to start: ${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
})
