// Rules every stored text shares. NUL is refused everywhere because PostgreSQL text cannot store it
// (accepting it on SQLite would make the engines disagree), and lone surrogates are not valid Unicode.

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/
// eslint-disable-next-line no-control-regex -- matching NUL is the point
const NUL = /\u0000/
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
  return textProblem(text, { allowBlank: false })
}
