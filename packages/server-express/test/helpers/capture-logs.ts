import { Writable } from 'node:stream'

/** A stream collecting JSON log lines, for asserting what reaches the log output. */
export function captureLogs() {
  const raw: string[] = []
  const stream = new Writable({
    write(chunk, _enc, cb) {
      raw.push(...String(chunk).split('\n').filter(Boolean))
      cb()
    },
  })
  return {
    stream,
    raw,
    text: () => raw.join('\n'),
    lines: () => raw.map((l) => JSON.parse(l) as Record<string, unknown>),
  }
}
