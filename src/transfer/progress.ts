// Progress of a long copy on the operator's terminal: a redrawn bar when stderr is a terminal, one
// line per finished table when it is a log.

const BAR_WIDTH = 30

/** Returns a listener drawing per-table progress on `stream`. */
export function progressBar(
  stream: NodeJS.WritableStream & { isTTY?: boolean },
): (table: string, copied: number, total: number) => void {
  return (table, copied, total) => {
    const done = copied >= total
    if (!stream.isTTY) {
      if (done) stream.write(`${table}: ${copied} rows\n`)
      return
    }
    const filled = total === 0 ? BAR_WIDTH : Math.floor((copied / total) * BAR_WIDTH)
    const bar = `${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}`
    stream.write(`\r${table.padEnd(16)} [${bar}] ${copied}/${total}${done ? '\n' : ''}`)
  }
}
