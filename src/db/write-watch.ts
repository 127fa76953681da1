import { setTimeout as sleep } from 'node:timers/promises'
import type pg from 'pg'

/**
 * Counts this process's write statements that a test on their SQL picks out: what a cache of rows
 * keeps to know that they may have changed. A cache reads the count, then the rows, and uses its copy
 * only while the count is unchanged. Only this process's statements are seen, not another process
 * writing the same database.
 *
 * On SQLite the count moves before each write runs (statements run one at a time, in the call). On
 * PostgreSQL a read may run while a write is in flight on another connection and see the rows from
 * before it: the count moves when the write is sent and again once its effect is visible to other
 * connections (the statement's answer, or its transaction's end), so no read kept in between survives.
 */
export class WriteWatch {
  count = 0
  /**
   * How long, once a write it covers has taken effect, its answer is held back (PostgreSQL): while
   * copies kept by another process may still hold what the write changed and nothing can tell that
   * process so, the answer waits until such copies have expired. Asked after each such write.
   */
  holdMs: () => number = () => 0
  /**
   * Called once a write it covers has committed: the answer of a write outside a transaction, or of
   * its transaction's COMMIT; never after a rollback or a failed write. On SQLite, in the call.
   */
  committed: () => void = () => undefined
  constructor(readonly covers: (sql: string) => boolean) {}
}

/** What a PostgreSQL statement is to the watches: computed once per SQL text. */
interface StatementKind {
  /** The watches a write with this text moves; empty for reads and for what no watch covers. */
  watches: WriteWatch[]
  transaction: 'begin' | 'commit' | 'rollback' | undefined
}

const READ_ONLY = /^\s*select\b/i
const BEGIN = /^\s*(begin|start\s+transaction)\b/i
const COMMIT = /^\s*(commit|end)\s*;?\s*$/i
// Not `rollback to` a savepoint, which leaves the transaction open.
const ROLLBACK = /^\s*(rollback|abort)\s*;?\s*$/i
/** SQL texts whose kind is remembered; compiled queries are a bounded set, others are forgotten in bulk. */
const KINDS_REMEMBERED = 2000

type QueryFunction = (...args: unknown[]) => unknown

/** The write watches of one PostgreSQL pool: every connection's statements are counted against them. */
export class PoolWriteWatches {
  readonly #watches: WriteWatch[] = []
  readonly #kinds = new Map<string, StatementKind>()

  /** Starts counting the write statements whose SQL `covers` picks out. */
  add(covers: (sql: string) => boolean): WriteWatch {
    const watch = new WriteWatch(covers)
    this.#watches.push(watch)
    this.#kinds.clear()
    return watch
  }

  #kindOf(text: string): StatementKind {
    let kind = this.#kinds.get(text)
    if (kind === undefined) {
      if (this.#kinds.size >= KINDS_REMEMBERED) this.#kinds.clear()
      const transaction = BEGIN.test(text)
        ? 'begin'
        : COMMIT.test(text)
          ? 'commit'
          : ROLLBACK.test(text)
            ? 'rollback'
            : undefined
      const watches =
        transaction !== undefined || READ_ONLY.test(text) ? [] : this.#watches.filter((w) => w.covers(text))
      kind = { watches, transaction }
      this.#kinds.set(text, kind)
    }
    return kind
  }

  /** Counts the statements of every connection `pool` opens from now on (call before it is used). */
  attach(pool: pg.Pool): void {
    pool.on('connect', (client) => {
      // Watches moved by writes of the open transaction: moved again when it ends.
      let inTransaction = false
      let pending = new Set<WriteWatch>()
      const query = client.query.bind(client) as QueryFunction
      const watched: QueryFunction = (...args) => {
        const first = args[0]
        const text = typeof first === 'string' ? first : (first as { text?: unknown } | null)?.text
        if (this.#watches.length === 0 || typeof text !== 'string') return query(...args)
        const { watches, transaction } = this.#kindOf(text)
        for (const watch of watches) watch.count++
        let after: WriteWatch[] = []
        if (transaction === 'begin') {
          inTransaction = true
        } else if (transaction !== undefined) {
          inTransaction = false
          after = [...pending]
          pending = new Set()
        } else if (inTransaction) {
          for (const watch of watches) pending.add(watch)
        } else {
          after = watches
        }
        const result = query(...args)
        const moveAgain = (): void => {
          for (const watch of after) watch.count++
        }
        if (!(result instanceof Promise)) {
          moveAgain()
          return result
        }
        void result.then(moveAgain, moveAgain)
        if (after.length === 0) return result
        // A failed write changed nothing: only a done one is told of and held back. A COMMIT of a
        // transaction that failed part-way answers ROLLBACK.
        return result.then(async (answer: unknown) => {
          if (
            transaction !== 'rollback' &&
            (answer as { command?: unknown } | null)?.command !== 'ROLLBACK'
          ) {
            for (const watch of after) watch.committed()
          }
          let holdMs = 0
          for (const watch of after) holdMs = Math.max(holdMs, watch.holdMs())
          if (holdMs > 0) await sleep(holdMs)
          return answer
        })
      }
      client.query = watched as typeof client.query
    })
  }
}
