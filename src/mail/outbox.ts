import { randomUUID } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import type { RateLimitConfig } from '../config.js'
import type { Db } from '../db/database.js'
import type { MailOutboxRow } from '../db/tables.js'
import { newId } from '../ids.js'
import { hitCounter } from '../rate-limits/rate-limits.queries.js'
import type { SecretBox } from '../secrets.js'
import { emailSha256, logSecurityEvent } from '../security-events.js'
import { normalizeEmail } from '../accounts/credentials.js'
import { claimDueMail, deleteDeliveredMail, insertOutboxMail, recordMailFailure } from './outbox.queries.js'
import {
  isMailTemplate,
  REDACTED_TOKEN,
  renderMail,
  type MailParams,
  type MailTemplate,
} from './templates.js'
import type { MailTransport } from './transport.js'

// The transactional outbox: a message is written in the same transaction as the change it reports,
// so it exists exactly when the change does, and a background sender delivers it later. Requests
// never wait on SMTP (their timing reveals nothing), a crash loses nothing (the row stays until
// delivered), and several instances share the work by claiming rows atomically.

/** How the sender paces itself. */
export interface SenderOptions {
  /** How often to look for due messages when nothing wakes the sender sooner. */
  pollIntervalMs: number
  /** Messages claimed at once. */
  batchSize: number
  /** How long a claim holds; past it, another sender may take the row (its holder is presumed dead). */
  claimMs: number
  /** First retry delay; each further failure doubles it, up to `backoffMaxMs`. */
  backoffBaseMs: number
  backoffMaxMs: number
  /** Attempts before a message is given up on (and logged as an error). */
  maxAttempts: number
}

export const DEFAULT_SENDER_OPTIONS: SenderOptions = {
  pollIntervalMs: 2_000,
  batchSize: 20,
  // Well beyond the SMTP timeouts of one batch, so a live sender never loses its claim.
  claimMs: 10 * 60_000,
  backoffBaseMs: 10_000,
  backoffMaxMs: 60 * 60_000,
  maxAttempts: 10,
}

const LAST_ERROR_MAX_LENGTH = 500

function payloadContext(id: string): string {
  return `mail:${id}`
}

/** What queueing a message takes besides the transaction; one per app (`app.outbox`). */
export interface Outbox {
  /** Seals each message's parameters. */
  box: SecretBox
  /** Messages of every kind one address may be sent per window, whoever asks (MAIL_RECIPIENT_LIMIT). */
  perRecipient: RateLimitConfig
  /** Where a message refused by that limit is reported. */
  log: FastifyBaseLogger
}

// Hashed so the counters table holds no address; normalised so case and spaces make no new budget.
function recipientKey(recipient: string): string {
  return `mail-recipient:${emailSha256(normalizeEmail(recipient))}`
}

/**
 * Queues a message in the caller's transaction; its parameters are stored encrypted. Every message
 * passes here, so here one address's messages are counted (see Outbox.perRecipient): past the limit
 * the message is dropped and a security event logged, while the caller goes on exactly as usual, so
 * its answer tells no one whether anything was sent. The count is part of the transaction: work that
 * rolls back spends nothing, and on PostgreSQL concurrent senders to one address queue on its row.
 */
export async function enqueueMail<T extends MailTemplate>(
  trx: Db,
  outbox: Outbox,
  recipient: string,
  template: T,
  params: MailParams[T],
  now: number = Date.now(),
): Promise<void> {
  const counter = await hitCounter(trx, recipientKey(recipient), outbox.perRecipient.windowMs, now)
  if (counter.count > outbox.perRecipient.max) {
    logSecurityEvent(outbox.log, 'mail.recipient_limited', { email: normalizeEmail(recipient) }, { template })
    return
  }
  const id = newId(now)
  await insertOutboxMail(trx, {
    id,
    recipient,
    template,
    payload: outbox.box.seal(JSON.stringify(params), payloadContext(id)),
    status: 'pending',
    attempts: 0,
    next_attempt_at: now,
    claim_id: null,
    claimed_until: null,
    last_error: null,
    created_at: now,
  })
}

/**
 * Work that goes through the outbox and may queue mail when it runs, in the transaction that removes
 * its row. A password-reset request is one: every request queues the same job, whether or not the
 * account exists, so the request's own work (and time) reveals nothing; the job mails only real accounts.
 */
export type OutboxJob = (trx: Db, params: Record<string, string>, now: number) => Promise<void>

/** Queues a job (see OutboxJob) in the caller's transaction; its parameters are stored encrypted. */
export async function enqueueJob(
  trx: Db,
  box: SecretBox,
  name: string,
  params: Record<string, string>,
  now: number = Date.now(),
): Promise<void> {
  const id = newId(now)
  await insertOutboxMail(trx, {
    id,
    // The address stays inside the encrypted payload: a job may concern an email with no account.
    recipient: '',
    template: name,
    payload: box.seal(JSON.stringify(params), payloadContext(id)),
    status: 'pending',
    attempts: 0,
    next_attempt_at: now,
    claim_id: null,
    claimed_until: null,
    last_error: null,
    created_at: now,
  })
}

/** The delay before retry number `attempts` (1 = the first retry), with jitter so senders spread out. */
export function backoffMs(attempts: number, options: SenderOptions, random: number = Math.random()): number {
  const base = Math.min(options.backoffMaxMs, options.backoffBaseMs * 2 ** Math.max(0, attempts - 1))
  return Math.round(base * (0.75 + random * 0.25))
}

/** Delivers the outbox in the background; one per process, any number per database. */
export class MailSender {
  readonly #options: SenderOptions
  #timer: NodeJS.Timeout | undefined
  #running: Promise<void> | undefined
  #again = false
  #stopped = true
  #closed = false

  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    private readonly transport: MailTransport,
    private readonly appUrl: string,
    private readonly log: FastifyBaseLogger,
    options: Partial<SenderOptions> = {},
    private readonly jobs: Readonly<Record<string, OutboxJob>> = {},
  ) {
    this.#options = { ...DEFAULT_SENDER_OPTIONS, ...options }
  }

  /** Starts polling (and delivers what is already due). */
  start(): void {
    if (this.#closed) return
    this.#stopped = false
    this.wake()
  }

  /** Stops polling and waits for a delivery in progress; the transport is closed. */
  async stop(): Promise<void> {
    if (this.#closed) return
    this.#closed = true
    this.#stopped = true
    clearTimeout(this.#timer)
    await this.#running
    this.transport.close()
  }

  /** Looks for due messages now, e.g. right after a transaction queued one. */
  wake(): void {
    if (this.#stopped) return
    if (this.#running) {
      this.#again = true
      return
    }
    clearTimeout(this.#timer)
    // On a macrotask: with SQLite every query runs synchronously, so draining in this microtask
    // chain would hold up the response of the request that woke the sender.
    this.#running = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.#drain())
      .finally(() => {
        this.#running = undefined
        if (!this.#stopped) {
          this.#timer = setTimeout(() => {
            this.wake()
          }, this.#options.pollIntervalMs)
          this.#timer.unref()
        }
      })
  }

  async #drain(): Promise<void> {
    try {
      let more = true
      while (more && !this.#stopped) {
        this.#again = false
        const claimed = await this.runOnce()
        // A full batch may have left more behind; a wake during the run may have queued more.
        more = claimed === this.#options.batchSize || this.#wokenMeanwhile()
      }
    } catch (error) {
      this.log.error({ err: error }, 'mail outbox: claiming messages failed')
    }
  }

  #wokenMeanwhile(): boolean {
    return this.#again
  }

  /** Claims one batch of due messages and tries each once; returns how many it claimed. */
  async runOnce(now: number = Date.now()): Promise<number> {
    const claimId = randomUUID()
    const rows = await claimDueMail(
      this.db,
      claimId,
      now,
      now + this.#options.claimMs,
      this.#options.batchSize,
    )
    for (const row of rows) {
      await this.#deliver(row, claimId)
      // SQLite answers synchronously, so without this a whole batch would run in one turn of the
      // event loop and hold up every request meanwhile.
      await new Promise<void>((resolve) => setImmediate(resolve))
    }
    return rows.length
  }

  async #deliver(row: MailOutboxRow, claimId: string): Promise<void> {
    let params: Record<string, string>
    const job = Object.hasOwn(this.jobs, row.template) ? this.jobs[row.template] : undefined
    try {
      if (!job && !isMailTemplate(row.template)) throw new Error(`unknown template ${row.template}`)
      params = JSON.parse(this.box.open(row.payload, payloadContext(row.id))) as Record<string, string>
    } catch (error) {
      // Cannot succeed on a retry either (e.g. SECRET_KEY changed since it was queued).
      await this.#fail(row, claimId, error, true)
      return
    }
    if (job) {
      await this.#runJob(row, claimId, job, params)
      return
    }
    if (!isMailTemplate(row.template)) return
    const message = renderMail(row.template, params, this.appUrl)
    const redacted =
      params['token'] === undefined
        ? message
        : renderMail(row.template, { ...params, token: REDACTED_TOKEN }, this.appUrl)
    try {
      await this.transport.send(row.recipient, message, redacted)
    } catch (error) {
      await this.#fail(row, claimId, error, row.attempts + 1 >= this.#options.maxAttempts)
      return
    }
    if (await deleteDeliveredMail(this.db, row.id, claimId)) {
      this.log.info({ mail_id: row.id, template: row.template, attempts: row.attempts + 1 }, 'mail sent')
    } else {
      this.log.warn({ mail_id: row.id }, 'mail outbox: claim expired during delivery; it may be sent twice')
    }
  }

  // A job and the removal of its row commit together: what it queued exists exactly once.
  async #runJob(
    row: MailOutboxRow,
    claimId: string,
    job: OutboxJob,
    params: Record<string, string>,
  ): Promise<void> {
    try {
      await this.db.transaction().execute(async (trx) => {
        await job(trx, params, Date.now())
        if (!(await deleteDeliveredMail(trx, row.id, claimId))) throw new Error('claim expired while running')
      })
    } catch (error) {
      await this.#fail(row, claimId, error, row.attempts + 1 >= this.#options.maxAttempts)
      return
    }
    this.#again = true // deliver what the job queued without waiting for the next poll
  }

  async #fail(row: MailOutboxRow, claimId: string, error: unknown, giveUp: boolean): Promise<void> {
    const attempts = row.attempts + 1
    const lastError = (error instanceof Error ? error.message : String(error)).slice(0, LAST_ERROR_MAX_LENGTH)
    await recordMailFailure(this.db, row.id, claimId, {
      attempts,
      nextAttemptAt: Date.now() + backoffMs(attempts, this.#options),
      lastError,
      giveUp,
    })
    const details = { mail_id: row.id, template: row.template, attempts, error: lastError }
    if (giveUp) this.log.error(details, 'mail outbox: giving up on a message')
    else this.log.warn(details, 'mail outbox: delivery failed; will retry')
  }
}
