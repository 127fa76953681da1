import { Type, type Static } from 'typebox'

/** Every machine-readable error code Quire can answer with, and the HTTP status each one carries. */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  TOTP_REQUIRED: 401,
  LOGIN_CONFIRMATION_REQUIRED: 401,
  FORBIDDEN: 403,
  EMAIL_NOT_VERIFIED: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  NOT_ACCEPTABLE: 406,
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  EMAIL_ALREADY_EXISTS: 409,
  PRECONDITION_FAILED: 412,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RANGE_NOT_SATISFIABLE: 416,
  FIELDS_VALIDATION_ERROR: 422,
  RATE_LIMITED: 429,
  HEADERS_TOO_LARGE: 431,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const

export type ErrorCode = keyof typeof ERROR_STATUS

/**
 * Map from a field name to why it failed; the key's presence marks the field as failing. Producers
 * write what follows the field's name ("must be at least 10 characters"); ApiError makes each a
 * sentence a form can show on its own ("Password must be at least 10 characters.").
 */
export type FieldErrors = Record<string, string>

/** A field's name as a sentence starts it: `new_password` → "New password". */
function fieldLabel(name: string): string {
  const words = name.replace(/_/g, ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** Each field's reason as a whole sentence naming the field. */
function fieldSentences(fields: FieldErrors): FieldErrors {
  const sentences: FieldErrors = {}
  for (const [name, reason] of Object.entries(fields)) {
    sentences[name] = `${fieldLabel(name)} ${reason}${/[.!?]$/.test(reason) ? '' : '.'}`
  }
  return sentences
}

/** The one error type handlers throw; the error handler turns it into the envelope. */
export class ApiError extends Error {
  readonly statusCode: number
  /** Each failing field's message, a whole sentence naming the field. */
  readonly fields?: FieldErrors

  constructor(
    readonly code: ErrorCode,
    message: string,
    fields?: FieldErrors,
    /** Extra response headers, e.g. Retry-After or Allow. */
    readonly headers?: Record<string, string>,
  ) {
    // A 4xx is an answer, not a fault: its stack is never logged, and capturing one (Fastify's call
    // stack is deep) cost about a fifth of a rejected request's CPU, in a flood of bad tokens too.
    const stackTraceLimit = Error.stackTraceLimit
    if (ERROR_STATUS[code] < 500) Error.stackTraceLimit = 0
    super(message)
    Error.stackTraceLimit = stackTraceLimit
    this.name = 'ApiError'
    this.statusCode = ERROR_STATUS[code]
    if (fields) this.fields = fieldSentences(fields)
  }
}

/** The failure a route answers when the caller may not see the resource, or it does not exist. */
export function notFound(what = 'Resource'): ApiError {
  return new ApiError('NOT_FOUND', `${what} not found`)
}

/** One 422 listing every failing field. */
export function fieldsError(fields: FieldErrors): ApiError {
  return new ApiError('FIELDS_VALIDATION_ERROR', 'Some fields are invalid', fields)
}

export const ErrorBody = Type.Object(
  {
    error: Type.Object({
      code: Type.String({
        maxLength: 64,
        pattern: '^[A-Z][A-Z_]*$',
        description: 'Machine-readable constant, e.g. FIELDS_VALIDATION_ERROR',
      }),
      message: Type.String({
        maxLength: 1000,
        description: 'Human-readable explanation; may change, suitable as fallback text',
      }),
      fields: Type.Optional(
        Type.Record(Type.String(), Type.String({ maxLength: 1000 }), {
          maxProperties: 100,
          description: 'Field name → why it failed; present only for field validation failures',
        }),
      ),
    }),
  },
  { description: 'Error envelope: never carries `data`' },
)
export type ErrorBody = Static<typeof ErrorBody>

/** Builds the envelope for an error. */
export function errorBody(code: string, message: string, fields?: FieldErrors): ErrorBody {
  return fields && Object.keys(fields).length > 0
    ? { error: { code, message, fields } }
    : { error: { code, message } }
}

/**
 * Failures any route can answer, whatever it does: a malformed request (bad query string, repeated
 * token, unparsable body: 400), a body too large (413: too many bytes or JSON values) or of a type it
 * does not take (415), a URL or headers too large (414, 431), the client address past its request
 * budget (429, when REQUEST_LIMIT is on), the database out of reach (503), an unexpected failure (500).
 */
const ANY_ROUTE_FAILURES = [400, 413, 414, 415, 429, 431, 500, 503]

/**
 * Response schemas for the given error statuses plus those any route can answer, for a route's
 * `response` map (documentation and serialisation).
 */
export function errorResponses(...statuses: number[]): Record<number, typeof ErrorBody> {
  return Object.fromEntries([...statuses, ...ANY_ROUTE_FAILURES].map((status) => [status, ErrorBody]))
}
