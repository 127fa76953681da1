import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, it } from 'node:test'
import { fileURLToPath } from 'node:url'

// The README is the front door and docs/ holds the depth: these checks keep them from drifting apart
// from the code (a variable the server reads but nobody documents) and from each other (a link to a
// file or a heading that was renamed).

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const README = join(ROOT, 'README.md')
const DOCS = join(ROOT, 'docs')
const CONFIGURATION = join(DOCS, 'configuration.md')

/** Every `.ts` file under `dir`. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return name.endsWith('.ts') ? [path] : []
  })
}

const VARIABLE = String.raw`([A-Z][A-Z0-9_]*)`
/**
 * How src/ names an environment variable: `process.env['X']` or `process.env.X` anywhere, and in
 * config.ts also through its readers, which all take the environment first: `readString(env, 'X', …)`.
 */
const ENV_READS = [
  new RegExp(String.raw`\benv\s*\[\s*['"]${VARIABLE}['"]\s*\]`, 'g'),
  new RegExp(String.raw`\benv\s*\.\s*${VARIABLE}\b`, 'g'),
  new RegExp(String.raw`\benv\s*,\s*['"]${VARIABLE}['"]`, 'g'),
]

/** The environment variables a source text reads. */
function variablesReadIn(source: string): Set<string> {
  const names = new Set<string>()
  for (const pattern of ENV_READS) {
    for (const match of source.matchAll(pattern)) if (match[1] !== undefined) names.add(match[1])
  }
  return names
}

/** The variables named in a backquoted cell of a table row (`| \`PORT\` | …`) of a Markdown text. */
function variablesInTables(markdown: string): Set<string> {
  const names = new Set<string>()
  for (const line of outsideCodeBlocks(markdown)) {
    if (!line.trimStart().startsWith('|')) continue
    for (const match of line.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) if (match[1] !== undefined) names.add(match[1])
  }
  return names
}

/** The lines of a Markdown text that are not inside a fenced code block. */
function outsideCodeBlocks(markdown: string): string[] {
  const lines: string[] = []
  let fence: string | undefined
  for (const line of markdown.split('\n')) {
    const opening = /^\s*(`{3,}|~{3,})/.exec(line)?.[1]
    if (fence === undefined && opening !== undefined) {
      fence = opening
    } else if (fence !== undefined && line.trim().startsWith(fence)) {
      fence = undefined
    } else if (fence === undefined) {
      lines.push(line)
    }
  }
  return lines
}

/**
 * GitHub's anchor for a heading: the text as rendered (no backquotes, emphasis or link syntax), lower
 * case, without punctuation other than hyphens and underscores, each space a hyphen; a repeated heading
 * gets `-1`, `-2`, … in order.
 */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>()
  const seen = new Map<string, number>()
  for (const line of outsideCodeBlocks(markdown)) {
    const text = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1]
    if (text === undefined) continue
    const rendered = text.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[`*]/g, '')
    const slug = rendered
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '')
      .replace(/ /g, '-')
    const count = seen.get(slug) ?? 0
    seen.set(slug, count + 1)
    anchors.add(count === 0 ? slug : `${slug}-${count}`)
  }
  return anchors
}

/** The targets of a Markdown text's inline links and images, outside code blocks and code spans. */
function linkTargets(markdown: string): string[] {
  const targets: string[] = []
  for (const line of outsideCodeBlocks(markdown)) {
    const prose = line.replace(/`[^`]*`/g, '')
    for (const match of prose.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      if (match[1] !== undefined) targets.push(match[1])
    }
  }
  return targets
}

/** What is wrong with one relative link of `file`, or undefined when it leads somewhere real. */
function brokenLink(file: string, target: string): string | undefined {
  const hash = target.indexOf('#')
  const path = hash === -1 ? target : target.slice(0, hash)
  const anchor = hash === -1 ? undefined : decodeURIComponent(target.slice(hash + 1))
  const destination = path === '' ? file : resolve(dirname(file), decodeURIComponent(path))
  if (!existsSync(destination)) return `${target}: no file ${relative(ROOT, destination)}`
  if (anchor === undefined) return undefined
  if (!destination.endsWith('.md')) return `${target}: an anchor into a file that is not Markdown`
  if (!headingAnchors(readFileSync(destination, 'utf8')).has(anchor)) {
    return `${target}: no heading #${anchor} in ${relative(ROOT, destination)}`
  }
  return undefined
}

/** The Markdown files directly in `dir`. */
function markdownIn(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(dir, name))
}

/** The reference pages the README links to. */
const pages = markdownIn(DOCS)
/** Every document whose links must lead somewhere: the pages, the dated history, the contributors' guide. */
const documents = [README, join(ROOT, 'CONTRIBUTING.md'), ...pages, ...markdownIn(join(DOCS, 'history'))]

describe('documentation', () => {
  describe('configuration', () => {
    it('docs/configuration.md has a table row for every environment variable src/ reads', () => {
      const read = new Set<string>()
      for (const file of sourceFiles(join(ROOT, 'src'))) {
        for (const name of variablesReadIn(readFileSync(file, 'utf8'))) read.add(name)
      }
      // A change in how config.ts reads the environment must not make this check pass by finding nothing.
      for (const known of ['PORT', 'DATABASE_URL', 'SESSION_LIFE', 'USER_STORAGE_MAX_BYTES', 'NODE_ENV']) {
        assert.ok(read.has(known), `the parser no longer finds ${known} in src/; update variablesReadIn`)
      }
      const documented = variablesInTables(readFileSync(CONFIGURATION, 'utf8'))
      const missing = [...read].filter((name) => !documented.has(name)).sort()
      assert.deepEqual(missing, [], `missing from docs/configuration.md: ${missing.join(', ')}`)
    })

    it('finds the variables however a reader call is laid out', () => {
      const source = [
        "readInteger(env, 'PORT', 3000, 0, 65535)",
        'readInteger(\n      env,\n      "USER_STORAGE_MAX_BYTES",\n      1024)',
        "process.env['NODE_ENV'] === 'production'",
        'process.env.QUIRE_TEST_DB',
        "new ConfigError('DATABASE_MIGRATION_URL', 'a postgres:// URL', text)",
      ].join('\n')
      assert.deepEqual([...variablesReadIn(source)].sort(), [
        'NODE_ENV',
        'PORT',
        'QUIRE_TEST_DB',
        'USER_STORAGE_MAX_BYTES',
      ])
    })
  })

  describe('links', () => {
    it('every relative link in README.md and docs/ leads to an existing file and heading', () => {
      const broken: string[] = []
      for (const file of documents) {
        for (const target of linkTargets(readFileSync(file, 'utf8'))) {
          if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue // http:, https:, mailto:
          const problem = brokenLink(file, target)
          if (problem !== undefined) broken.push(`${relative(ROOT, file)}: ${problem}`)
        }
      }
      assert.deepEqual(broken, [])
    })

    it('the README links to every page of docs/', () => {
      const linked = new Set(
        linkTargets(readFileSync(README, 'utf8')).map((target) => resolve(ROOT, target.split('#')[0] ?? '')),
      )
      const unlinked = pages.filter((file) => !linked.has(file))
      assert.deepEqual(
        unlinked.map((file) => relative(ROOT, file)),
        [],
      )
    })

    it('anchors follow GitHub: lower case, punctuation dropped, spaces as hyphens, repeats numbered', () => {
      const markdown = [
        '# Quire',
        '## Scaling out: HAProxy & PgBouncer',
        '### `SESSION_CACHE` and the [write watch](x.md)',
        '```sh',
        '# not a heading',
        '```',
        '## Quire',
      ].join('\n')
      assert.deepEqual(
        [...headingAnchors(markdown)],
        ['quire', 'scaling-out-haproxy--pgbouncer', 'session_cache-and-the-write-watch', 'quire-1'],
      )
    })
  })

  describe('README', () => {
    const readme = readFileSync(README, 'utf8')
    const lines = readme.trimEnd().split('\n')

    it('is a front door: under 300 lines, none over 200 characters', () => {
      assert.ok(lines.length < 300, `README.md has ${lines.length} lines`)
      const long = lines.flatMap((line, index) => (line.length > 200 ? [index + 1] : []))
      assert.deepEqual(long, [], 'lines over 200 characters')
    })

    it('shows the commands that start Quire and that CI runs', () => {
      assert.ok(readme.includes('npm ci && npm start'))
      assert.ok(readme.includes('npm test'))
    })
  })

  describe('architecture.md: writes, transactions and queries', () => {
    const SRC = join(ROOT, 'src')
    const sources = sourceFiles(SRC).map((file) => ({
      path: relative(SRC, file).split('\\').join('/'),
      text: readFileSync(file, 'utf8'),
    }))
    const architecture = readFileSync(join(DOCS, 'architecture.md'), 'utf8')
    /** Where work outside requests opens its own transaction (named on the page). */
    const OUTSIDE_REQUESTS = [
      'audit/audit.ts',
      'mail/outbox.ts',
      'administration/cli.ts',
      'transfer/copy.ts',
      'maintenance.ts',
    ]
    const QUERIES_OUTSIDE_COMPILED = 'transfer/transfer.queries.ts'

    it('opens transactions only in route handlers and the work outside requests the page names', () => {
      const opening = sources.filter(({ text }) => text.includes('.transaction()'))
      assert.ok(opening.length > 0)
      const elsewhere = opening
        .filter(
          ({ path, text }) =>
            !/\bapp\.(get|post|put|patch|delete)\(/.test(text) && !OUTSIDE_REQUESTS.includes(path),
        )
        .map(({ path }) => path)
      assert.deepEqual(
        elsewhere,
        [],
        'a module that is neither a route module nor named in docs/architecture.md',
      )
      for (const path of OUTSIDE_REQUESTS)
        assert.ok(architecture.includes(path), `${path} is not on the page`)
      const services = sources.filter(({ path }) => path.endsWith('.service.ts')).map(({ path }) => path)
      assert.deepEqual(services, [], 'shared operations are named for what they do (removal.ts, issuing.ts)')
    })

    it('builds every *.queries.ts query with compiledQuery, but the one exception the page names', () => {
      const queries = sources.filter(({ path }) => path.endsWith('.queries.ts'))
      assert.ok(queries.length > 10)
      const bypassing = queries
        .filter(({ text }) => /\.execute(TakeFirst(OrThrow)?)?\(|\.transaction\(/.test(text))
        .map(({ path }) => path)
      assert.deepEqual(bypassing, [QUERIES_OUTSIDE_COMPILED])
      assert.ok(architecture.includes(QUERIES_OUTSIDE_COMPILED))
    })
  })

  describe('architecture.md: layers and imports', () => {
    const architecture = readFileSync(join(DOCS, 'architecture.md'), 'utf8')
    const section = architecture.slice(
      architecture.indexOf('## Layers and imports'),
      architecture.indexOf('## Writes, transactions and queries'),
    )
    /** What each part of src/ imports, as scripts/folder-loops.mjs finds it (part → imported parts). */
    const graph = JSON.parse(
      execFileSync(process.execPath, ['scripts/folder-loops.mjs', '--json'], { cwd: ROOT, encoding: 'utf8' }),
    ) as { imports: Record<string, Record<string, string>>; loops: string[][] }
    const imports = new Map(Object.entries(graph.imports).map(([part, edges]) => [part, Object.keys(edges)]))
    const PART = /`?([a-z][a-z-]*\/|[a-z][a-z-]*\.ts)`?/g

    /** The layers of the page's diagram, top first: each line after an arrow starts the next one. */
    function layers(): string[][] {
      const diagram = /```\n(app\.ts[\s\S]*?)```/.exec(section)?.[1] ?? ''
      const found: string[][] = []
      for (const line of diagram.split('\n')) {
        if (line.trim() === '') continue
        if (found.length === 0 || line.trimStart().startsWith('→')) found.push([])
        const names = line.replace(/^.*?:/, '').match(PART) ?? []
        found.at(-1)?.push(...names.filter((name) => imports.has(name)))
      }
      return found
    }

    it('the table of what each part imports is what the code imports', () => {
      const table = new Map<string, string[]>()
      for (const line of outsideCodeBlocks(section)) {
        const cells = /^\|\s*`([^`]+)`\s*\|(.*)\|\s*$/.exec(line)
        if (cells?.[1] === undefined) continue
        table.set(
          cells[1],
          [...(cells[2] ?? '').matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? ''),
        )
      }
      const sorted = (map: Map<string, string[]>): Array<[string, string[]]> =>
        [...map].map(([part, names]): [string, string[]] => [part, [...names].sort()]).sort()
      assert.deepEqual(
        sorted(table),
        sorted(imports),
        `docs/architecture.md's table is out of date: paste \`node scripts/folder-loops.mjs --table\``,
      )
    })

    it('every part has a layer, and no import runs up a layer or around a loop', () => {
      const found = layers()
      assert.ok(found.length >= 4, 'the page draws the layers')
      const layerOf = new Map(found.flatMap((names, index) => names.map((name) => [name, index] as const)))
      assert.deepEqual(
        [...imports.keys()].filter((part) => !layerOf.has(part)),
        [],
        'parts of src/ missing from the diagram',
      )
      const upward = [...imports].flatMap(([from, names]) =>
        names
          .filter((to) => (layerOf.get(to) ?? 0) < (layerOf.get(from) ?? 0))
          .map((to) => `${from} -> ${to}: ${graph.imports[from]?.[to] ?? ''}`),
      )
      assert.deepEqual(upward, [], 'imports from a layer above')
      assert.deepEqual(graph.loops, [], 'loops between parts (node scripts/folder-loops.mjs)')
    })

    it('lists every sideways import between folders of one layer, and no other', () => {
      const layerOf = new Map(layers().flatMap((names, index) => names.map((name) => [name, index] as const)))
      const sideways = [...imports].flatMap(([from, names]) =>
        from.endsWith('/')
          ? names
              .filter((to) => to.endsWith('/') && layerOf.get(to) === layerOf.get(from))
              .map((to) => `${from} -> ${to}`)
          : [],
      )
      const couples = section.slice(section.indexOf('### What still couples folders'))
      // Each item: `from/` → `to/` (what for), `to/`, … over one or more lines; the reasons are dropped.
      const listed = [...couples.matchAll(/^- `([a-z-]+\/)` → ((?:.*)(?:\n {2}.*)*)/gm)].flatMap((item) => {
        const targets = (item[2] ?? '').replace(/\((?:[^()]|\([^()]*\))*\)/g, '')
        return [...targets.matchAll(/`([a-z-]+\/)`/g)].map((match) => `${item[1] ?? ''} -> ${match[1] ?? ''}`)
      })
      assert.deepEqual([...listed].sort(), [...sideways].sort())
    })

    it('no *.queries.ts imports http/, and no routes file is over 400 lines', () => {
      const SRC = join(ROOT, 'src')
      const files = sourceFiles(SRC).map((file) => ({
        path: relative(SRC, file),
        text: readFileSync(file, 'utf8'),
      }))
      const queriesOnHttp = files
        .filter(({ path, text }) => path.endsWith('.queries.ts') && /from '\.\.\/http\//.test(text))
        .map(({ path }) => path)
      assert.deepEqual(queriesOnHttp, [])
      const long = files
        .filter(({ path, text }) => path.endsWith('.routes.ts') && text.trimEnd().split('\n').length > 400)
        .map(({ path }) => path)
      assert.deepEqual(long, [])
    })
  })
})
