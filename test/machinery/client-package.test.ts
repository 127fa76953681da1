import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { it } from 'node:test'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { buildTestApp, strongPassword, TEST_ENGINE, uniqueEmail } from '../helpers.js'

// @quire/client as another project gets it: packed with `npm pack`, installed from the tarball into a
// project of its own, a program type-checked against the installed declarations (one line that must not
// compile included) and run against a live Quire.

const run = promisify(execFile)
const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const CLIENT = join(ROOT, 'client')

/**
 * Tarballs of the client's dependencies, and theirs, packed from the repository's node_modules: the
 * install runs offline, and npm's cache need not hold them.
 */
async function dependencyTarballs(destination: string): Promise<string[]> {
  const packed = new Set<string>()
  const pending = [CLIENT]
  const tarballs: string[] = []
  while (pending.length > 0) {
    const dir = pending.pop() ?? ''
    const manifest = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>
    }
    for (const name of Object.keys(manifest.dependencies ?? {})) {
      if (packed.has(name)) continue
      packed.add(name)
      const source = join(ROOT, 'node_modules', name)
      tarballs.push(await pack(source, destination))
      pending.push(source)
    }
  }
  return tarballs
}

/** Runs `npm pack` on a package folder; answers the tarball's path. */
async function pack(dir: string, destination: string): Promise<string> {
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', destination, dir], {
    cwd: CLIENT,
  })
  const [result] = JSON.parse(stdout) as Array<{ filename: string }>
  assert.ok(result, `npm pack ${dir} answered no tarball`)
  return join(destination, result.filename)
}

const PROGRAM = `import { createQuire, isQuireError, type QuireErrorCode } from '@quire/client'

declare const process: { argv: string[] }

const [, , baseUrl = '', email = '', password = ''] = process.argv
const quire = createQuire({ baseUrl })
await quire.register({ email, password, display_name: 'Packaged' })
await quire.login({ email, password })
const post = await quire.posts.create({ title: 'From the package', visibility: 'private' })
const file = await quire.attachments.upload(post, new Blob(['packed'], { type: 'text/plain' }), {
  filename: 'packed.txt',
})
const titles: string[] = []
for await (const each of quire.me.posts({ limit: 1 })) titles.push(each.title)

let code: QuireErrorCode | undefined
let emailProblem: string | undefined
try {
  await quire.register({ email: 'not an address', password })
} catch (error) {
  if (isQuireError(error, 'POST /v1/register')) {
    code = error.code
    emailProblem = error.fields.email
    // @ts-expect-error -- a misspelled error code does not compile
    if (error.code === 'TOTP_REQUIERD') code = undefined
  }
}

console.log(
  JSON.stringify({
    token: quire.auth.token !== undefined,
    titles,
    download: await (await quire.attachments.download(file)).text(),
    contentUrl: quire.attachments.contentUrl(file),
    code,
    emailProblem,
  }),
)
`

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    lib: ['ES2023', 'DOM', 'DOM.Iterable'],
    types: [],
    strict: true,
    outDir: 'dist',
  },
  include: ['main.ts'],
}

it(
  'the packed client installs into another project, type-checks its program and runs it against Quire',
  {
    skip: TEST_ENGINE === 'postgres' ? 'the package does not depend on the engine (SQLite pass only)' : false,
  },
  async (t) => {
    const project = await mkdtemp(join(tmpdir(), 'quire-client-package-'))
    t.after(() => rm(project, { recursive: true, force: true }))
    const tarballs = join(project, 'tarballs')
    await mkdir(tarballs)

    const client = await pack(CLIENT, tarballs)
    const dependencies = await dependencyTarballs(tarballs)
    await writeFile(
      join(project, 'package.json'),
      JSON.stringify({ name: 'scratch', private: true, type: 'module' }),
    )
    await run('npm', ['install', '--offline', '--no-audit', '--no-fund', client, ...dependencies], {
      cwd: project,
    })
    // The compiler comes from the repository rather than the network.
    await symlink(
      join(ROOT, 'node_modules', 'typescript'),
      join(project, 'node_modules', 'typescript'),
      'dir',
    )
    await writeFile(join(project, 'tsconfig.json'), JSON.stringify(TSCONFIG))
    await writeFile(join(project, 'main.ts'), PROGRAM)

    const tsc = join(project, 'node_modules', 'typescript', 'bin', 'tsc')
    // tsc fails on an error, and on an @ts-expect-error line that compiles: the misspelled code must not.
    await run(process.execPath, [tsc, '-p', project], { cwd: project }).catch((error: unknown) => {
      const { stdout = '' } = error as { stdout?: string }
      assert.fail(`the program does not type-check against the installed package:\n${stdout}`)
    })

    const { app } = await buildTestApp(t)
    await app.listen({ port: 0, host: '127.0.0.1' })
    const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
    const { stdout } = await run(
      process.execPath,
      [join(project, 'dist', 'main.js'), baseUrl, uniqueEmail('package'), strongPassword()],
      { cwd: project },
    )
    const result = JSON.parse(stdout) as Record<string, unknown>
    assert.equal(result['token'], true)
    assert.deepEqual(result['titles'], ['From the package'])
    assert.equal(result['download'], 'packed')
    assert.match(String(result['contentUrl']), new RegExp(`^${baseUrl}/v1/posts/[0-9a-f-]+/attachments/`))
    assert.equal(result['code'], 'FIELDS_VALIDATION_ERROR')
    assert.equal(typeof result['emailProblem'], 'string')
  },
)
