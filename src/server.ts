import { buildApp } from './app.js'
import { ConfigError, loadConfig } from './config.js'
import { createDb } from './db/database.js'
import { migrateToLatest } from './db/migrate.js'
import { readBuildVersion } from './version.js'

// Start-up: configuration → database (migrated) → app → listen. Shutdown on SIGTERM/SIGINT: stop
// accepting connections, let in-flight requests finish, close the database, exit 0.

const SHUTDOWN_GRACE_MS = 10_000

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

  const db = createDb(config.database)
  await migrateToLatest(db)
  const app = await buildApp({ config, db, version: readBuildVersion() })

  let shuttingDown = false
  const shutdown = (signal: NodeJS.Signals): void => {
    if (shuttingDown) return
    shuttingDown = true
    app.log.info({ signal }, 'shutting down')
    // A request that never finishes must not keep the process alive past the grace period.
    const forced = setTimeout(() => {
      app.log.error('graceful shutdown timed out; exiting')
      process.exit(1)
    }, SHUTDOWN_GRACE_MS)
    forced.unref()
    app
      .close()
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
