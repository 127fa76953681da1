import { Ajv, type ErrorObject, type Options as AjvOptions } from 'ajv'
import { default as addFormatsModule } from 'ajv-formats'
import type { FastifySchemaCompiler } from 'fastify'
import { ApiError, type FieldErrors } from '../errors.js'
import { isUuid } from '../ids.js'

// ajv-formats is CommonJS with a default export; under NodeNext its namespace default is the plugin.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv

/** The part of a request a schema validated. */
export type ValidationContext = 'body' | 'querystring' | 'params' | 'headers'

const SHARED_AJV_OPTIONS: AjvOptions = {
  allErrors: true, // all failing fields together in one response
  removeAdditional: false, // an unknown field fails instead of vanishing silently
  useDefaults: true,
  strict: false, // TypeBox adds annotation keywords Ajv does not know
}

function newAjv(coerceTypes: boolean): Ajv {
  return addFormats(new Ajv({ ...SHARED_AJV_OPTIONS, coerceTypes }))
}

// Ajv coerces text with Number(), which also takes `1e1`, `0x10`, ` ` (0) and `1.0`; an integer in a
// URL must be written as plain decimal digits.
const DECIMAL_INTEGER = /^-?[0-9]+$/

/** Names of the top-level properties a (TypeBox) object schema declares as integers. */
function integerProperties(schema: unknown): string[] {
  const properties = (schema as { properties?: Record<string, { type?: unknown }> }).properties ?? {}
  return Object.entries(properties)
    .filter(([, property]) => property.type === 'integer')
    .map(([name]) => name)
}

type Validator = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null }

/** Wraps a query-string validator so an integer not written as decimal digits fails on its type. */
function strictIntegers(validate: Validator, names: string[]): Validator {
  const strict: Validator = (data) => {
    const values = (data ?? {}) as Record<string, unknown>
    let malformed: string[] | undefined
    for (const name of names) {
      const value = values[name]
      if (typeof value === 'string' && !DECIMAL_INTEGER.test(value)) (malformed ??= []).push(name)
    }
    if (malformed !== undefined) {
      strict.errors = malformed.map((name) => ({
        keyword: 'type',
        instancePath: `/${name}`,
        schemaPath: `#/properties/${name}/type`,
        params: { type: 'integer' },
        message: 'must be integer',
      }))
      return false
    }
    const valid = validate(data)
    strict.errors = validate.errors ?? null
    return valid
  }
  return strict
}

/**
 * Wraps a path-parameter validator so UUIDs, which are case-insensitive (RFC 9562) and stored in lower
 * case, are compared that way: each one is lower-cased before it is validated.
 */
function lowerCaseUuids(validate: Validator): Validator {
  const lowered: Validator = (data) => {
    const params = data as Record<string, unknown> | null
    if (params) {
      for (const name in params) {
        const value = params[name]
        if (typeof value === 'string' && isUuid(value)) params[name] = value.toLowerCase()
      }
    }
    const valid = validate(data)
    lowered.errors = validate.errors ?? null
    return valid
  }
  return lowered
}

function isEmptyObject(data: unknown): boolean {
  if (typeof data !== 'object' || data === null) return false
  for (const _name in data) return false
  return true
}

/**
 * Wraps a query-string validator so a request with no query string at all, most of them, is answered
 * without running it, when the schema accepts an empty query as it is (nothing required, no defaults
 * to fill in): decided once, here, by validating an empty object.
 */
function emptyQueryAtOnce(validate: Validator): Validator {
  const probe: Record<string, unknown> = {}
  if (!validate(probe) || Object.keys(probe).length > 0) return validate
  const quick: Validator = (data) => {
    if (isEmptyObject(data)) {
      quick.errors = null
      return true
    }
    const valid = validate(data)
    quick.errors = validate.errors ?? null
    return valid
  }
  return quick
}

// One pair per process, shared by every app it builds: Ajv keeps each schema it compiled, keyed by the
// schema object, and routes declare theirs once at module level, so an app built after the first (the
// tests build hundreds per process) reuses the compiled validators instead of generating them again.
let bodyAjv: Ajv | undefined
let textAjv: Ajv | undefined

/**
 * Builds the validator compiler: JSON bodies keep their types (a number sent for a string is a 400),
 * while query strings and path parameters, which are always text, are coerced to the schema's types
 * (integers only from plain decimal digits; UUIDs in paths lower-cased).
 */
export function createValidatorCompiler(): FastifySchemaCompiler<unknown> {
  return ({ schema, httpPart }) => {
    const ajv = httpPart === 'body' ? (bodyAjv ??= newAjv(false)) : (textAjv ??= newAjv(true))
    const validate = ajv.compile(schema as object)
    if (httpPart === 'params') return lowerCaseUuids(validate)
    const integers = httpPart === 'body' ? [] : integerProperties(schema)
    const checked = integers.length === 0 ? validate : strictIntegers(validate, integers)
    return httpPart === 'querystring' ? emptyQueryAtOnce(checked) : checked
  }
}

// Keywords that mean "the request is malformed" (400) rather than "a value is invalid" (422).
const MALFORMED_KEYWORDS = new Set(['type', 'required', 'dependentRequired'])

function fieldName(error: ErrorObject): string {
  const path = error.instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
  if (error.keyword === 'required') path.push(String(error.params['missingProperty']))
  if (error.keyword === 'additionalProperties') path.push(String(error.params['additionalProperty']))
  return path.join('.')
}

function describe(error: ErrorObject): string {
  const params = error.params
  switch (error.keyword) {
    case 'required':
      return 'is required'
    case 'type':
      return `must be ${describeType(params['type'])}`
    case 'additionalProperties':
      return 'is not an accepted field'
    case 'minLength':
      return params['limit'] === 1
        ? 'must not be empty'
        : `must be at least ${String(params['limit'])} characters`
    case 'maxLength':
      return `must be at most ${String(params['limit'])} characters`
    case 'minimum':
      return `must be at least ${String(params['limit'])}`
    case 'maximum':
      return `must be at most ${String(params['limit'])}`
    case 'enum':
      return `must be one of: ${(params['allowedValues'] as unknown[]).map(String).join(', ')}`
    case 'const':
      return `must be ${JSON.stringify(params['allowedValue'])}`
    case 'format':
      return `must be a valid ${String(params['format'])}`
    case 'pattern':
      return 'has an invalid format'
    case 'maxProperties':
      return `must have at most ${String(params['limit'])} entries`
    case 'maxItems':
      return `must have at most ${String(params['limit'])} items`
    default:
      return error.message ?? 'is invalid'
  }
}

function describeType(type: unknown): string {
  const types = Array.isArray(type) ? type.map(String) : String(type).split(',')
  const names: Record<string, string> = {
    string: 'a string',
    integer: 'an integer',
    number: 'a number',
    boolean: 'a boolean',
    object: 'an object',
    array: 'an array',
    null: 'null',
  }
  return types.map((t) => names[t] ?? t).join(' or ')
}

const PART_NAMES: Record<ValidationContext, string> = {
  body: 'Request body',
  querystring: 'Query string',
  params: 'Path',
  headers: 'Request headers',
}

/**
 * Turns schema validation errors into the contract's failures: a malformed path parameter is a 404,
 * a missing field or wrong JSON type is a 400, and otherwise every invalid value is listed in one 422.
 */
export function validationError(errors: ErrorObject[], context: ValidationContext): ApiError {
  if (context === 'params') return new ApiError('NOT_FOUND', 'Resource not found')

  // Group by field: a field is malformed only when none of its errors is about the value itself,
  // so `anyOf`/nullable branches that fail on type do not hide a real value error.
  const byField = new Map<string, ErrorObject[]>()
  for (const error of errors) {
    if (error.keyword === 'anyOf' || error.keyword === 'oneOf' || error.keyword === 'if') continue
    const name = fieldName(error)
    byField.set(name, [...(byField.get(name) ?? []), error])
  }

  const fields: FieldErrors = {}
  let malformed = false
  for (const [name, fieldErrors] of byField) {
    const valueError = fieldErrors.find((error) => !MALFORMED_KEYWORDS.has(error.keyword))
    const chosen = valueError ?? fieldErrors[0]
    if (!chosen) continue
    if (!valueError) malformed = true
    if (name === '') {
      return new ApiError('BAD_REQUEST', `${PART_NAMES[context]} ${describe(chosen)}`)
    }
    fields[name] ??= describe(chosen)
  }

  if (malformed) {
    const summary = Object.entries(fields)
      .map(([name, why]) => `${name} ${why}`)
      .join('; ')
    return new ApiError('BAD_REQUEST', `${PART_NAMES[context]} is malformed: ${summary}`, fields)
  }
  return new ApiError('FIELDS_VALIDATION_ERROR', 'Some fields are invalid', fields)
}
