// A test reporter that sums each file's top-level test durations and prints the files slowest first:
// where the suite's time goes (tests within a file run one after another, so the sum is the file's
// time). run-tests.mjs writes it to test-results/file-times-<engine>.txt.
// eslint-disable-next-line no-restricted-exports -- Node loads a reporter from its default export
export default async function* fileTimes(source) {
  const perFile = new Map()
  for await (const event of source) {
    if ((event.type === 'test:pass' || event.type === 'test:fail') && event.data.nesting === 0) {
      const file = event.data.file ?? '(unknown)'
      perFile.set(file, (perFile.get(file) ?? 0) + (event.data.details?.duration_ms ?? 0))
    }
  }
  const rows = [...perFile].sort((a, b) => b[1] - a[1])
  const total = rows.reduce((sum, [, ms]) => sum + ms, 0)
  yield `total ${(total / 1000).toFixed(1)} s over ${rows.length} files\n`
  for (const [file, ms] of rows)
    yield `${(ms / 1000).toFixed(1).padStart(8)} s  ${file.replace(process.cwd() + '/', '')}\n`
}
