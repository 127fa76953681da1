// Regenerates client/src/openapi.ts, the client's types, from the OpenAPI document the server
// serves at /v1/openapi.json and the server's error codes (src/errors.ts): `npm run client:types`.
// test/client/drift.test.ts fails when the committed file no longer matches either.
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript'
import { format, resolveConfig } from 'prettier'
import { buildApp } from '../src/app.js'
import { loadConfig } from '../src/config.js'
import { createDb } from '../src/db/database.js'
import { ERROR_STATUS } from '../src/errors.js'

/** Where the generated types live. */
export const CLIENT_TYPES_FILE = fileURLToPath(new URL('../client/src/openapi.ts', import.meta.url))

const HEADER =
  '// Generated from the Quire server’s OpenAPI document and error codes by `npm run client:types`. Do not ' +
  'edit by hand.\n\n'

/** The error codes as a union type: the document's envelope says only `string`, which a typo satisfies. */
function errorCodeType(): string {
  const codes = Object.keys(ERROR_STATUS)
    .sort()
    .map((code) => `'${code}'`)
  return `\n/** Every \`code\` a Quire error envelope can carry. */\nexport type ErrorCode = ${codes.join(' | ')}\n`
}

/** The OpenAPI document of the current source, with the default configuration (what /v1/openapi.json serves). */
export async function currentOpenApiDocument(): Promise<OpenAPI3> {
  const config = loadConfig({ DATABASE_URL: 'sqlite::memory:', LOG_LEVEL: 'silent' })
  const db = createDb(config.database)
  const app = await buildApp({ config, db, version: 'client-types' })
  try {
    await app.ready()
    return app.swagger() as OpenAPI3
  } finally {
    await app.close()
    await db.destroy()
  }
}

/** The text client/src/openapi.ts should hold for the current source, formatted like the repository. */
export async function generateClientTypes(): Promise<string> {
  const ast = await openapiTS(await currentOpenApiDocument(), { silent: true })
  const options = (await resolveConfig(CLIENT_TYPES_FILE)) ?? {}
  return format(HEADER + astToString(ast) + errorCodeType(), { ...options, parser: 'typescript' })
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(CLIENT_TYPES_FILE, await generateClientTypes())
  console.log(`wrote ${CLIENT_TYPES_FILE}`)
}
