import { fieldsError } from '../errors.js'

// Rules every stored text shares. NUL is refused everywhere because PostgreSQL text cannot store it
// (accepting it on SQLite would make the engines disagree), and lone surrogates are not valid Unicode.

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/
// eslint-disable-next-line no-control-regex -- matching NUL is the point
const NUL = /\u0000/
// Bidirectional embeddings, overrides and isolates reorder the text displayed around them, so
// "invoice\u202Efdp.exe" shows as "invoiceexe.pdf". The plain marks (LRM, RLM, ALM) cannot reverse
// anything and mixed-direction names need them, so they stay allowed.
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/
/** Matches a UTF-16 surrogate that is not part of a pair. */
export const LONE_SURROGATE = /\p{Cs}/u

/** Why a free text (a post or comment body) is unacceptable, or undefined when it is fine. */
export function textProblem(text: string, options: { allowBlank: boolean }): string | undefined {
  if (NUL.test(text)) return 'must not contain NUL characters'
  if (LONE_SURROGATE.test(text)) return 'must be valid Unicode (no lone surrogates)'
  if (!options.allowBlank && text.trim() === '') return 'must not be blank'
  return undefined
}

/** Why a one-line label (a title, a display name) is unacceptable, or undefined when it is fine. */
export function singleLineProblem(text: string): string | undefined {
  if (CONTROL_CHARACTERS.test(text)) return 'must be one line without control characters'
  if (BIDI_CONTROLS.test(text))
    return 'must not contain bidirectional override, embedding or isolate characters'
  return textProblem(text, { allowBlank: false })
}

/** An optional free text (a note, a reason) as stored: null when absent, else the text or a 422 naming `field`. */
export function checkedOptionalText(text: string | undefined, field: string): string | null {
  if (text === undefined) return null
  const problem = textProblem(text, { allowBlank: true })
  if (problem) throw fieldsError({ [field]: problem })
  return text
}
