import type { ErrorCode } from './openapi.js'
import type { FieldName, Operation } from './types.js'

/**
 * The `code` of a failure: one of the server's codes, or one of the client's own: `NETWORK_ERROR` (no
 * answer arrived at all), `HTTP_ERROR` (an answer without Quire's envelope, e.g. from a proxy),
 * `ABORTED` (an upload cancelled through its signal).
 */
export type QuireErrorCode = ErrorCode | 'NETWORK_ERROR' | 'HTTP_ERROR' | 'ABORTED'

/** Per-field messages: keyed by the operation's field names when they are known, else by any string. */
export type FieldMessages<Name extends string> = string extends Name
  ? Readonly<Record<string, string>>
  : Readonly<Partial<Record<Name, string>>>

/**
 * A failed call: Quire's error envelope (`{"error": {code, message, fields?}}`) with its HTTP status.
 * `isQuireError(error, operation)` narrows `fields` to the names that operation's 422 can list.
 */
export class QuireError<Name extends string = string> extends Error {
  override readonly name = 'QuireError'
  /**
   * Per-field messages on a 422, keyed by field name. Each is a phrase to follow the field's name or
   * label ("must be at least 10 characters"); `fieldSentences()` joins them.
   */
  readonly fields: FieldMessages<Name>

  constructor(
    /** HTTP status; 0 when the request never got an answer (network down, CORS refused). */
    readonly status: number,
    /** Machine-readable code, e.g. `FIELDS_VALIDATION_ERROR`, `UNAUTHENTICATED`, `NETWORK_ERROR`. */
    readonly code: QuireErrorCode,
    message: string,
    fields: Readonly<Record<string, string>> = {},
    /** The response's `X-Request-Id`, to find the server's log lines. */
    readonly requestId?: string,
    /** The operation that failed, e.g. `POST /v1/register`, when the client made it. */
    readonly operation?: Operation,
  ) {
    super(message)
    this.fields = fields as FieldMessages<Name>
  }

  /** Each failing field as a sentence, its name first: `["password must be at least 10 characters"]`. */
  fieldSentences(): string[] {
    return Object.entries(this.fields as Readonly<Record<string, string>>).map(
      ([name, why]) => `${name.replaceAll('_', ' ')} ${why}`,
    )
  }
}

/** Whether `error` is a QuireError (of `operation`, when given: then `fields` is typed by its names). */
export function isQuireError(error: unknown): error is QuireError
export function isQuireError<O extends Operation>(
  error: unknown,
  operation: O,
): error is QuireError<FieldName<O>>
export function isQuireError(error: unknown, operation?: Operation): boolean {
  return error instanceof QuireError && (operation === undefined || error.operation === operation)
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Turns a failed response and its parsed body into a QuireError, whatever the body holds. */
export function errorFromResponse(response: Response, body: unknown, operation?: Operation): QuireError {
  const requestId = response.headers.get('x-request-id') ?? undefined
  const envelope = isRecord(body) && isRecord(body['error']) ? body['error'] : undefined
  if (envelope === undefined) {
    return new QuireError(
      response.status,
      'HTTP_ERROR',
      `HTTP ${response.status} ${response.statusText}`.trim(),
      {},
      requestId,
      operation,
    )
  }
  const fields: Record<string, string> = {}
  if (isRecord(envelope['fields'])) {
    for (const [name, value] of Object.entries(envelope['fields'])) {
      if (typeof value === 'string') fields[name] = value
    }
  }
  // A code this client does not know yet (a newer server) is passed on as the server sent it.
  const code = typeof envelope['code'] === 'string' ? (envelope['code'] as QuireErrorCode) : 'HTTP_ERROR'
  const message = typeof envelope['message'] === 'string' ? envelope['message'] : `HTTP ${response.status}`
  return new QuireError(response.status, code, message, fields, requestId, operation)
}

/** The error for a request that got no answer (fetch rejected: offline, refused, blocked by CORS). */
export function networkError(cause: unknown): QuireError {
  const detail = cause instanceof Error ? cause.message : String(cause)
  const error = new QuireError(0, 'NETWORK_ERROR', `Could not reach the Quire server (${detail})`)
  return Object.assign(error, { cause })
}
