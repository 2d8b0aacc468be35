import { Writable } from 'node:stream'

const STANDARD_FIELDS = new Set(['level', 'time', 'pid', 'hostname', 'service', 'msg'])

/**
 * A destination for the logger of short-lived CLI commands: each JSON log line becomes one readable
 * line, `loyaltykit: warning: <msg> (key=value …)`. The long-running server keeps JSON lines.
 */
export function humanLogStream(out: NodeJS.WritableStream): Writable {
  return new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split('\n')) {
        if (line.trim() === '') continue
        let entry: Record<string, unknown>
        try {
          entry = JSON.parse(line) as Record<string, unknown>
        } catch {
          out.write(`${line}\n`)
          continue
        }
        const level = entry.level === 'warn' ? 'warning' : String(entry.level ?? 'info')
        const extra = Object.entries(entry)
          .filter(([k]) => !STANDARD_FIELDS.has(k))
          .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)
        out.write(`loyaltykit: ${level}: ${entry.msg ?? ''}${extra.length > 0 ? ` (${extra.join(', ')})` : ''}\n`)
      }
      callback()
    },
  })
}
