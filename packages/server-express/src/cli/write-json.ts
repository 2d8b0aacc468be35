/** Machine-readable output of `--json`: one JSON document on stdout. */
export function writeJson(stream: NodeJS.WritableStream, value: unknown): void {
  stream.write(`${JSON.stringify(value, null, 2)}\n`)
}
