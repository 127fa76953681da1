// `node --import tsx bench/serialization.ts`: the response serializer on a page of 100 reports, as
// `GET /v1/reports` writes it: the report alone (one object schema), and the union keyed by
// `target_type` without and with `include=target` (a third of the items posts, the rest null). The
// union's cost is the serializer choosing a branch per item (docs/performance.md).
import { createSerializerCompiler } from '../src/http/serialization.js'
import { ListEnvelope } from '../src/http/schemas.js'
import { ReportSchema, ReportWithTargetSchema } from '../src/reports/reports.schemas.js'

const compile = createSerializerCompiler()
const serializerOf = (schema: unknown) =>
  compile({ schema, method: 'GET', url: '/', httpStatus: '200' }) as (data: unknown) => string

const idOf = (n: number): string => `01a21bc7-6d12-71b9-8e92-${String(n).padStart(12, '0')}`
const WHEN = '2026-01-01T00:00:00.000Z'
const TYPES = ['post', 'attachment', 'comment'] as const

function reportOf(n: number, withTarget: boolean): Record<string, unknown> {
  const target = idOf(n + 1000)
  const report = {
    id: idOf(n),
    reporter_id: idOf(1),
    target_type: TYPES[n % 3],
    target_id: target,
    post_id: target,
    reason: 'spam',
    note: 'Advertising a shop',
    status: 'open',
    created_at: WHEN,
    resolution: null,
    links: {
      self: `/v1/reports/${idOf(n)}`,
      target: `/v1/posts/${target}`,
      resolve: `/v1/reports/${idOf(n)}/resolve`,
    },
  }
  if (!withTarget) return report
  const post = {
    id: target,
    user_id: idOf(2),
    author: { id: idOf(2), display_name: 'Grace Hopper' },
    title: 'Harbour notes',
    body: 'Boats, gulls and a lighthouse. '.repeat(30),
    visibility: 'public',
    cover_attachment_id: null,
    version: 1,
    created_at: WHEN,
    updated_at: WHEN,
    moderation: null,
    links: { self: `/v1/posts/${target}`, attachments: '/a', comments: '/c', author_posts: '/p' },
  }
  return { ...report, target: n % 3 === 0 ? post : null }
}

function measure(name: string, serialize: (data: unknown) => string, data: unknown): void {
  for (let i = 0; i < 500; i++) serialize(data)
  const rounds = 5000
  const start = process.hrtime.bigint()
  for (let i = 0; i < rounds; i++) serialize(data)
  const micros = Number(process.hrtime.bigint() - start) / 1000 / rounds
  console.log(`${name}: ${micros.toFixed(1)} µs a page (${serialize(data).length} bytes)`)
}

const plain = { data: Array.from({ length: 100 }, (_, n) => reportOf(n, false)) }
const embedded = { data: Array.from({ length: 100 }, (_, n) => reportOf(n, true)) }
const union = serializerOf(ListEnvelope(ReportWithTargetSchema))
for (let round = 0; round < 3; round++) {
  measure('report schema', serializerOf(ListEnvelope(ReportSchema)), plain)
  measure('union, no include', union, plain)
  measure('union, include=target', union, embedded)
}
