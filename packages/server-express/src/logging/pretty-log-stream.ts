import { Writable } from 'node:stream'
import { prettyFactory } from 'pino-pretty'

/** A stream is a terminal (a person reads it) when it says so. */
export function isTerminal(stream: NodeJS.WritableStream): boolean {
  return (stream as { isTTY?: boolean }).isTTY === true
}

/**
 * A destination for the logger that turns each JSON line into pino-pretty's one-line form
 * (`[12:00:00.000] INFO: request {"requestId":…,"status":200}`; errors with their stack below),
 * written synchronously to `out`. Colours when `out` is a terminal. The lines are the same redacted
 * objects as the JSON output: only their layout changes.
 */
export function prettyLogStream(out: NodeJS.WritableStream): Writable {
  const pretty = prettyFactory({
    colorize: isTerminal(out),
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,service',
    singleLine: true,
  })
  return new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split('\n')) {
        if (line.trim() !== '') out.write(pretty(line))
      }
      callback()
    },
  })
}
