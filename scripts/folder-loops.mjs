// The import graph between the parts of src/ (each folder, and each module at its top): lists every loop
// between them, since two folders that import each other, directly or around a circle, cannot be
// understood or changed apart. Run by `npm run lint`, which fails on any loop.
//
//   node scripts/folder-loops.mjs           every loop, with one import that makes each of its edges
//   node scripts/folder-loops.mjs --table   what each part imports, as docs/architecture.md's table
//   node scripts/folder-loops.mjs --json    the parts' imports and the loops, for the documentation test
//
// A part is named as docs/architecture.md names it: `users/` for a folder, `app.ts` for a module at the
// top of src/. Only relative imports count (`import … from './x.js'`, `export … from`, `import('./x.js')`).
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(name) ? [path] : []
  })
}

/** The part of src/ a file belongs to: its folder (`users/`), or itself at the top (`app.ts`). */
function partOf(src, file) {
  const [first = '', ...rest] = relative(src, file).split(/[\\/]/)
  return rest.length > 0 ? `${first}/` : first.replace(/\.tsx$/, '.ts')
}

/**
 * What each part of `<project>/src` imports from the others: part → imported part → one import that
 * makes the edge (`users/me.ts -> sessions/tokens.ts`). Every part is a key, those importing nothing too.
 */
export function partImports(project = '.') {
  const src = resolve(project, 'src')
  const imports = new Map()
  const files = sourceFiles(src)
  for (const file of files) imports.set(partOf(src, file), imports.get(partOf(src, file)) ?? new Map())
  for (const file of files) {
    const from = partOf(src, file)
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = resolve(dirname(file), (match[1] ?? match[2] ?? '').replace(/\.js$/, '.ts'))
      if (!target.startsWith(src)) continue
      const to = partOf(src, target)
      const edges = imports.get(from)
      if (to === from || edges.has(to)) continue
      edges.set(to, `${relative(src, file)} -> ${relative(src, target)}`)
    }
  }
  return imports
}

/** The loops among the parts (Tarjan's strongly connected components of more than one part), sorted. */
export function loopsIn(imports) {
  let counter = 0
  const index = new Map()
  const lowest = new Map()
  const stack = []
  const onStack = new Set()
  const loops = []
  const visit = (part) => {
    index.set(part, counter)
    lowest.set(part, counter)
    counter += 1
    stack.push(part)
    onStack.add(part)
    for (const next of imports.get(part)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next)
        lowest.set(part, Math.min(lowest.get(part), lowest.get(next)))
      } else if (onStack.has(next)) {
        lowest.set(part, Math.min(lowest.get(part), index.get(next)))
      }
    }
    if (lowest.get(part) !== index.get(part)) return
    const component = []
    let member
    do {
      member = stack.pop()
      onStack.delete(member)
      component.push(member)
    } while (member !== part)
    if (component.length > 1) loops.push(component.sort())
  }
  for (const part of imports.keys()) if (!index.has(part)) visit(part)
  return loops
}

/** Folders first, then the modules at the top, each in name order. */
function byKind(a, b) {
  const folderA = a.endsWith('/')
  const folderB = b.endsWith('/')
  if (folderA !== folderB) return folderA ? -1 : 1
  return a < b ? -1 : a > b ? 1 : 0
}

/** docs/architecture.md's table: a row per part, its imports in a cell, as prettier lays tables out. */
function table(imports) {
  const rows = [...imports.keys()].sort(byKind).map((part) => {
    const imported = [...imports.get(part).keys()].sort(byKind)
    return [`\`${part}\``, imported.length === 0 ? '—' : imported.map((name) => `\`${name}\``).join(', ')]
  })
  const header = ['Part', 'Imports']
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column].length)),
  )
  const line = (cells) => `| ${cells.map((cell, column) => cell.padEnd(widths[column])).join(' | ')} |`
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n')
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const options = process.argv.slice(2).filter((arg) => arg.startsWith('--'))
  const project = process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? '.'
  const imports = partImports(project)
  const loops = loopsIn(imports)
  if (options.includes('--table')) {
    console.log(table(imports))
  } else if (options.includes('--json')) {
    const parts = Object.fromEntries([...imports].map(([part, edges]) => [part, Object.fromEntries(edges)]))
    console.log(JSON.stringify({ imports: parts, loops }))
  } else {
    for (const loop of loops) {
      console.log(`loop: ${loop.join(' <-> ')}`)
      for (const from of loop) {
        for (const to of loop) {
          const example = imports.get(from).get(to)
          if (example !== undefined) console.log(`   ${example}`)
        }
      }
    }
    console.log(`${loops.length} folder loops`)
  }
  process.exitCode = loops.length === 0 ? 0 : 1
}
