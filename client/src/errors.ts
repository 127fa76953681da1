/** The `code` of a Quire error envelope, plus `NETWORK_ERROR` when no answer arrived at all. */
type QuireErrorCode = string

/** A failed call: Quire's error envelope (`{"error": {code, message, fields?}}`) with its HTTP status. */
export class QuireError extends Error {
  override readonly name = 'QuireError'

  constructor(
    /** HTTP status; 0 when the request never got an answer (network down, CORS refused). */
    readonly status: number,
    /** Machine-readable code, e.g. `FIELDS_VALIDATION_ERROR`, `UNAUTHENTICATED`, `NETWORK_ERROR`. */
    readonly code: QuireErrorCode,
    message: string,
    /** Per-field messages on a 422, keyed by field name. */
    readonly fields: Readonly<Record<string, string>> = {},
    /** The response's `X-Request-Id`, to find the server's log lines. */
    readonly requestId?: string,
  ) {
    super(message)
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Turns a failed response and its parsed body into a QuireError, whatever the body holds. */
export function errorFromResponse(response: Response, body: unknown): QuireError {
  const requestId = response.headers.get('x-request-id') ?? undefined
  const envelope = isRecord(body) && isRecord(body['error']) ? body['error'] : undefined
  if (envelope === undefined) {
    return new QuireError(
      response.status,
      'HTTP_ERROR',
      `HTTP ${response.status} ${response.statusText}`.trim(),
      {},
      requestId,
    )
  }
  const fields: Record<string, string> = {}
  if (isRecord(envelope['fields'])) {
    for (const [name, value] of Object.entries(envelope['fields'])) {
      if (typeof value === 'string') fields[name] = value
    }
  }
  const code = typeof envelope['code'] === 'string' ? envelope['code'] : 'HTTP_ERROR'
  const message = typeof envelope['message'] === 'string' ? envelope['message'] : `HTTP ${response.status}`
  return new QuireError(response.status, code, message, fields, requestId)
}

/** The error for a request that got no answer (fetch rejected: offline, refused, blocked by CORS). */
export function networkError(cause: unknown): QuireError {
  const detail = cause instanceof Error ? cause.message : String(cause)
  const error = new QuireError(0, 'NETWORK_ERROR', `Could not reach the Quire server (${detail})`)
  return Object.assign(error, { cause })
}
