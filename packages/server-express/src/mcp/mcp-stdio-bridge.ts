import { randomBytes } from 'node:crypto'
import type { Readable, Writable } from 'node:stream'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js'
import { type AgentSigningKey, agentSignatureHeaders } from '../cli/agent-signature-headers'

export type McpStdioBridgeParameters = {
  /** The server's MCP endpoint, `?toolsets=` included. */
  url: URL
  /** Signs every POST; absent: unsigned (public tools only). */
  key: AgentSigningKey | undefined
  stdin: NodeJS.ReadableStream
  stdout: NodeJS.WritableStream
  stderr: NodeJS.WritableStream
}

type Answer = JSONRPCMessage | JSONRPCMessage[]

/** The id of a request (a notification has none, and gets no answer). */
const idOf = (m: JSONRPCMessage) => ('method' in m && 'id' in m ? m.id : undefined)

/**
 * `loyaltykit mcp` (docs/mcp.md): each JSON-RPC message read on stdin is POSTed to the server's
 * `/mcp`, signed with the agent key (a fresh nonce in the query, since a signature is accepted
 * once), and the JSON answer is written to stdout. The bridge holds no state but the negotiated
 * protocol version (sent as `MCP-Protocol-Version`) and opens no database. A refusal the server
 * renders as a JSON-RPC error gets the request's id; an unreachable server is a JSON-RPC error too.
 * Resolves when stdin ends and every answer is written.
 */
export async function runMcpStdioBridge(p: McpStdioBridgeParameters): Promise<void> {
  const stdio = new StdioServerTransport(p.stdin as Readable, p.stdout as Writable)
  let protocolVersion: string | undefined
  const pending = new Set<Promise<void>>()

  async function post(message: JSONRPCMessage): Promise<Answer | undefined> {
    const url = new URL(p.url)
    url.searchParams.set('nonce', randomBytes(8).toString('hex'))
    const body = JSON.stringify(message)
    const method = 'POST'
    const signed = p.key ? agentSignatureHeaders(p.key, { method, pathWithQuery: url.pathname + url.search, body }) : {}
    const res = await fetch(url, {
      method,
      body,
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...(protocolVersion ? { 'mcp-protocol-version': protocolVersion } : {}),
        ...signed,
      },
    })
    const text = await res.text()
    if (text.trim() === '') return undefined
    try {
      return JSON.parse(text) as Answer
    } catch {
      throw new Error(`HTTP ${res.status} from ${p.url.origin}: ${text.slice(0, 200)}`)
    }
  }

  async function forward(message: JSONRPCMessage): Promise<void> {
    const id = idOf(message)
    let answer: Answer | undefined
    try {
      answer = await post(message)
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err)
      p.stderr.write(`loyaltykit mcp: ${reason}\n`)
      answer = {
        jsonrpc: '2.0',
        id: id ?? null,
        error: { code: -32000, message: `loyaltykit server: ${reason}` },
      } as Answer
    }
    if (answer === undefined || id === undefined) return
    for (const m of Array.isArray(answer) ? answer : [answer]) {
      const version = (m as { result?: { protocolVersion?: unknown } }).result?.protocolVersion
      if (typeof version === 'string') protocolVersion = version
      // The server's HTTP-level refusals (401, 429 …) carry id null: answer the request that caused them.
      await stdio.send('error' in m && m.id === null ? { ...m, id } : m)
    }
  }

  stdio.onmessage = (message) => {
    const task = forward(message).finally(() => pending.delete(task))
    pending.add(task)
  }
  stdio.onerror = (err) => p.stderr.write(`loyaltykit mcp: ${err.message}\n`)
  const ended = new Promise<void>((resolve) => {
    p.stdin.once('end', resolve)
    p.stdin.once('close', resolve)
  })
  await stdio.start()
  await ended
  while (pending.size > 0) await Promise.allSettled([...pending])
  await stdio.close()
}
