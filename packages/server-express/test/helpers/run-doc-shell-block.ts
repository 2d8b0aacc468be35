import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** One curl the block ran, in the order it ran: status, header names (lowercase) and body. */
type CurlCall = { status: number; headers: Record<string, string>; body: string }

export type ShellBlockRun = { calls: CurlCall[]; exitCode: number; stdout: string; stderr: string }

/** The address the docs use; the runner points it at the test server. */
const DOCS_BASE_URL = 'http://localhost:3000'

/**
 * Wraps the real curl: every call also writes its response headers (-D) and its output to files
 * numbered in the order the calls run (a file counter, so calls inside `$(…)` count too).
 */
const CURL_WRAPPER = `set -eo pipefail
curl() {
  local n
  n=$(( $(cat "$LK_OUT/count") + 1 ))
  echo "$n" > "$LK_OUT/count"
  command curl --max-time 60 -D "$LK_OUT/$n.head" "$@" | tee "$LK_OUT/$n.out"
}
`

/** The response headers of the last HTTP message in a `-D` dump. */
function parseHead(head: string): { status: number; headers: Record<string, string> } {
  const messages = head.split(/\r?\n\r?\n/).filter((m) => m.trim() !== '')
  const lines = (messages.at(-1) ?? '').split(/\r?\n/)
  const status = Number(/^HTTP\/[\d.]+ (\d{3})/.exec(lines[0] ?? '')?.[1] ?? Number.NaN)
  const headers: Record<string, string> = {}
  for (const l of lines.slice(1)) {
    const i = l.indexOf(':')
    if (i > 0) headers[l.slice(0, i).trim().toLowerCase()] = l.slice(i + 1).trim()
  }
  return { status, headers }
}

/**
 * Runs a docs shell block with bash and the real curl, against `baseUrl` instead of
 * http://localhost:3000, with `env` as its variables (the placeholders). Lines that only declare a
 * placeholder (`NAME=0x…   # …`) are dropped: the value comes from `env`.
 */
export async function runDocShellBlock(
  script: string,
  baseUrl: string,
  env: Record<string, string>,
): Promise<ShellBlockRun> {
  const out = await mkdtemp(join(tmpdir(), 'lk-doc-curl-'))
  try {
    await writeFile(join(out, 'count'), '0')
    const body = script
      .split('\n')
      .filter((l) => !isPlaceholderDeclaration(l))
      .join('\n')
      .replaceAll(DOCS_BASE_URL, baseUrl)
    const { exitCode, stdout, stderr } = await new Promise<{ exitCode: number; stdout: string; stderr: string }>(
      (resolve) => {
        execFile(
          'bash',
          ['-c', CURL_WRAPPER + body],
          {
            env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: tmpdir(), LANG: 'C.UTF-8', LK_OUT: out, ...env },
            timeout: 120_000,
          },
          (error, stdout, stderr) =>
            resolve({ exitCode: error ? Number((error as { code?: unknown }).code ?? 1) || 1 : 0, stdout, stderr }),
        )
      },
    )
    const count = Number(await readFile(join(out, 'count'), 'utf8'))
    const calls: CurlCall[] = []
    for (let n = 1; n <= count; n++) {
      const head = await readFile(join(out, `${n}.head`), 'utf8').catch(() => '')
      const output = await readFile(join(out, `${n}.out`), 'utf8').catch(() => '')
      // With -i/-I the headers are in the output too: the body is what follows them.
      calls.push({ ...parseHead(head), body: output.startsWith(head) ? output.slice(head.length) : output })
    }
    return { calls, exitCode, stdout, stderr }
  } finally {
    await rm(out, { recursive: true, force: true })
  }
}

/** `NAME=0x…   # comment`: an assignment whose value holds the elision `…` (no command substitution). */
export function isPlaceholderDeclaration(line: string): boolean {
  return /^\s*[A-Z][A-Z0-9_]*=(?!\$\()\S*…/.test(line)
}
