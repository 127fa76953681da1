// Dependency hygiene for CI: `npm audit --omit=dev` must report no high or critical advisory in
// what Quire ships. When the audit service cannot be reached (offline CI, a registry mirror without
// the advisory endpoint), that is a notice, not a failure: there is nothing to judge.
import { spawnSync } from 'node:child_process'

const result = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8', timeout: 60_000 })
let report
try {
  report = JSON.parse(result.stdout)
} catch {
  report = undefined
}

const counts = report?.metadata?.vulnerabilities
if (!counts) {
  const reason =
    report?.message ?? result.error?.message ?? (result.stderr.trim().split('\n').pop() || 'no report')
  console.log(
    `npm audit: the advisory service could not be reached (${reason}); skipping the dependency audit.`,
  )
  process.exit(0)
}

const summary = ['critical', 'high', 'moderate', 'low', 'info'].map(
  (level) => `${counts[level] ?? 0} ${level}`,
)
console.log(`npm audit --omit=dev: ${summary.join(', ')}`)
const serious = (counts.critical ?? 0) + (counts.high ?? 0)
if (serious > 0) {
  for (const [name, advisory] of Object.entries(report.vulnerabilities ?? {})) {
    if (advisory.severity === 'high' || advisory.severity === 'critical') {
      console.log(`  ${advisory.severity}: ${name} ${advisory.range ?? ''}`)
    }
  }
  console.log('npm audit: high or critical advisories in production dependencies')
  process.exit(1)
}
