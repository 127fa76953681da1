import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { countSamples } from '../../bench/perf.js'

// `npm run bench -- --perf` splits each server's CPU per request by where perf found it running: the
// kernel when a sample's innermost frame is the kernel's, else the innermost frame that names a part.

/** One perf script sample: frames innermost first, as `perf script -F ip,sym,dso` prints them. */
const sample = (...frames: Array<[string, string]>): string =>
  frames
    .map(([symbol, dso], index) => `\t    ${(0x1000 + index).toString(16)} ${symbol} (${dso})`)
    .join('\n') + '\n\n'

const NODE = '/usr/bin/node'
const MAP = '/tmp/perf-1.map'
const SQLITE = '/work/main/node_modules/better-sqlite3/build/Release/better_sqlite3.node'
const LOOP: Array<[string, string]> = [
  ['uv__io_poll', NODE],
  ['uv_run', NODE],
]

describe('perf breakdown', () => {
  it('puts each sample in one component, by its innermost frame that says which', () => {
    const script = [
      // A system call made from SQLite is the kernel's time.
      sample(
        ['do_syscall_64', '[kernel.kallsyms]'],
        ['__fcntl64', '/usr/lib/libc.so.6'],
        ['unixLock', SQLITE],
        ...LOOP,
      ),
      // C library code called by SQLite is SQLite's.
      sample(
        ['malloc', '/usr/lib/libc.so.6'],
        ['sqlite3VdbeExec', SQLITE],
        ['JS:*run file:///app/dist/db.js:1:1', MAP],
      ),
      // A collection triggered by an allocation in Fastify is the collector's.
      sample(
        ['v8::internal::Heap::CollectGarbage', NODE],
        ['JS:*Reply.send /app/node_modules/fastify/lib/reply.js:156:33', MAP],
      ),
      // A builtin counts for the JavaScript that called it; node: scripts are Node's.
      sample(['Builtins_StringAdd_CheckNone', NODE], ['JS:*_storeHeader node:_http_outgoing:410:22', MAP]),
      sample(['JS:*find /app/node_modules/find-my-way/index.js:618:39', MAP]),
      sample(['JS:*asString /app/node_modules/fast-json-stringify/lib/serializer.js:52:27', MAP]),
      // Code built with new Function (schema serializers and validators) has no script.
      sample(['Builtins_LoadIC', NODE], ['JS:*anonymous2 :87:27', MAP]),
      sample(['JS:*executeQuery /app/node_modules/kysely/dist/esm/query-executor.js:1:1', MAP]),
      sample(['JS:*write /app/node_modules/pino/lib/proto.js:1:1', MAP]),
      sample(['JS:*parse /app/node_modules/@scope/other/index.js:1:1', MAP]),
      sample(['JS:*authenticate file:///app/dist/sessions/authenticate.js:53:32', MAP]),
      // No JavaScript above it at all: the runtime's own (the compiler, the event loop).
      sample(['v8::internal::compiler::PipelineImpl::Run', NODE], ...LOOP),
      // An unnamed frame is passed over to the next one that names something.
      sample(
        ['[unknown]', '[unknown]'],
        ['JS:*routeHandler /app/node_modules/fastify/lib/route.js:465:25', MAP],
      ),
    ].join('')
    assert.deepEqual(countSamples(script), {
      kernel: 1,
      sqlite: 1,
      gc: 1,
      node: 1,
      fastify: 2,
      serializer: 1,
      generated: 1,
      kysely: 1,
      logging: 1,
      packages: 1,
      own: 1,
      runtime: 1,
    })
  })

  it('counts nothing from an empty profile', () => {
    assert.ok(Object.values(countSamples('')).every((count) => count === 0))
  })
})
