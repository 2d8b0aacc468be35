/**
 * Reads the curl examples of a docs/api page under the convention of docs/api/README.md: which
 * commands a shell block runs, and the answer the page documents for each.
 */

export type Fence = { lang: string; line: number; text: string }

/** What the page says a curl answers. `json` is the documented body (elisions `…` removed). */
type DocAnswer = { status: number | '2xx'; headers: string[]; json?: unknown }

type DocCurl = { line: number; command: string; answer: DocAnswer | undefined }

export type DocShellBlock = { line: number; script: string; curls: DocCurl[] }

const SHELL = new Set(['sh', 'bash', 'shell'])
/** A line that starts a curl command: `curl …`, or `NAME=$(curl …` (a substitution). */
const CURL_LINE = /^\s*(?:[A-Z][A-Z0-9_]*=\$\()?curl\s/
const SUBSTITUTION = /^\s*[A-Z][A-Z0-9_]*=\$\(curl\s/
const STATUS_LINE = /^HTTP\/[\d.]+ (\d{3})\b/

/** Every fenced block of a Markdown page, with its language and 1-based opening line. */
export function fencesOf(markdown: string): Fence[] {
  const fences: Fence[] = []
  let open: { lang: string; line: number; lines: string[] } | undefined
  for (const [i, line] of markdown.split('\n').entries()) {
    if (!open) {
      const m = /^```(\w*)\s*$/.exec(line)
      if (m) open = { lang: m[1] ?? '', line: i + 1, lines: [] }
    } else if (/^```\s*$/.test(line)) {
      fences.push({ lang: open.lang, line: open.line, text: open.lines.join('\n') })
      open = undefined
    } else open.lines.push(line)
  }
  return fences
}

/**
 * Removes the elisions `…` that stand outside strings (an omitted array element or field) and parses
 * the rest as JSON; `…` inside a string is just text.
 */
function parseDocumentedJson(text: string): unknown {
  let out = ''
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string
    if (inString) {
      out += c
      if (c === '\\') out += text[++i] ?? ''
      else if (c === '"') inString = false
    } else if (c === '"') {
      inString = true
      out += c
    } else if (c === '…') {
      out = out.replace(/,\s*$/, '')
      while (/[\s,]/.test(text[i + 1] ?? '')) i++
    } else out += c
  }
  return JSON.parse(out)
}

/** An answer written as an HTTP message: status line, headers, blank line, optional JSON body. */
function httpAnswer(lines: string[]): DocAnswer {
  const status = STATUS_LINE.exec(lines[0] ?? '')
  if (!status) throw new Error(`an HTTP answer must start with its status line, got: ${lines[0]}`)
  const blank = lines.findIndex((l) => l.trim() === '')
  const headerLines = lines.slice(1, blank === -1 ? undefined : blank)
  const body =
    blank === -1
      ? ''
      : lines
          .slice(blank + 1)
          .join('\n')
          .trim()
  return {
    status: Number(status[1]),
    headers: headerLines.map((h) => h.slice(0, h.indexOf(':')).trim()),
    ...(body ? { json: parseDocumentedJson(body) } : {}),
  }
}

/** The answer stated in `# …` comment lines after a command (`# HTTP/1.1 404 …`, `# Header: v`, `# {json}`). */
function commentAnswer(comments: string[]): DocAnswer | undefined {
  if (comments.length === 0) return undefined
  if (STATUS_LINE.test(comments[0] as string)) {
    const json = comments.findIndex((c) => /^[[{]/.test(c))
    const head = json === -1 ? comments : comments.slice(0, json)
    return httpAnswer([...head, ...(json === -1 ? [] : ['', ...comments.slice(json)])])
  }
  if (/^[[{]/.test(comments[0] as string))
    return { status: 200, headers: [], json: parseDocumentedJson(comments.join('\n')) }
  return undefined
}

/** The fenced answer right after a shell block (nothing but blank lines between): ```http or ```json. */
function fencedAnswer(markdown: string, block: Fence, next: Fence | undefined): DocAnswer | undefined {
  if (!next || (next.lang !== 'http' && next.lang !== 'json')) return undefined
  const lines = markdown.split('\n')
  const closing = block.line + block.text.split('\n').length // 0-based index of the block's closing ```
  if (lines.slice(closing + 1, next.line - 1).some((l) => l.trim() !== '')) return undefined
  if (next.lang === 'json') return { status: 200, headers: [], json: parseDocumentedJson(next.text) }
  return httpAnswer(next.text.split('\n'))
}

/** The shell blocks of a page that run curl, each curl with its documented answer (undefined: none). */
export function docShellBlocks(markdown: string): DocShellBlock[] {
  const fences = fencesOf(markdown)
  const blocks: DocShellBlock[] = []
  for (const [f, fence] of fences.entries()) {
    if (!SHELL.has(fence.lang)) continue
    const lines = fence.text.split('\n')
    const starts = lines.flatMap((l, i) => (CURL_LINE.test(l) ? [i] : []))
    if (starts.length === 0) continue
    const curls = starts.map((start, k): DocCurl => {
      const end = starts[k + 1] ?? lines.length
      const segment = lines.slice(start, end)
      const comments = segment.filter((l) => /^\s*#/.test(l)).map((l) => l.replace(/^\s*#\s?/, ''))
      const command = (segment[0] as string).trim()
      const answer = SUBSTITUTION.test(command)
        ? { status: '2xx' as const, headers: [] }
        : (commentAnswer(comments) ??
          (k === starts.length - 1 ? fencedAnswer(markdown, fence, fences[f + 1]) : undefined))
      return { line: fence.line + 1 + start, command, answer }
    })
    blocks.push({ line: fence.line, script: fence.text, curls })
  }
  return blocks
}
