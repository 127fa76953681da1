import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { it } from 'node:test'
import { CLIENT_TYPES_FILE, generateClientTypes } from '../../scripts/client-types.js'
import { TEST_ENGINE } from '../helpers.js'

it(
  'the committed client types match the server’s OpenAPI document',
  {
    skip:
      TEST_ENGINE === 'postgres' ? 'the document does not depend on the engine (SQLite pass only)' : false,
  },
  async () => {
    const committed = readFileSync(CLIENT_TYPES_FILE, 'utf8')
    const current = await generateClientTypes()
    if (committed === current) return
    const committedLines = committed.split('\n')
    const currentLines = current.split('\n')
    const line = currentLines.findIndex((text, index) => text !== committedLines[index])
    assert.fail(
      'client/src/openapi.ts is out of date with the OpenAPI document: run `npm run client:types` and commit ' +
        `the result (line ${line + 1} is ${JSON.stringify(committedLines[line] ?? '')}, the document gives ` +
        `${JSON.stringify(currentLines[line] ?? '')})`,
    )
  },
)
