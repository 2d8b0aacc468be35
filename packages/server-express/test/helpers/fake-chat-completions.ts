import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** How the fake answers: a tool call then an answer, an HTTP 500, or no answer at all. */
type FakeLlmMode = 'tool-then-answer' | 'broken' | 'silent'

/** One request the fake received: its Authorization header and JSON body. */
type FakeLlmRequest = {
  authorization: string | undefined
  // biome-ignore lint/suspicious/noExplicitAny: the test reads the body loosely
  body: Record<string, any>
}

/**
 * A local OpenAI-compatible `POST /v1/chat/completions` for /converse tests (an LLM cannot run
 * here; mocked at the HTTP boundary). In `tool-then-answer` mode its first answer calls `tool` with
 * `args` (a JSON string, as the API sends it); once a `tool` message comes back, it answers text
 * made from that message's content by `answer`. `silent` holds the request until closed.
 */
export async function startFakeChatCompletions() {
  const requests: FakeLlmRequest[] = []
  const held: ServerResponse[] = []
  const state = {
    mode: 'tool-then-answer' as FakeLlmMode,
    tool: 'loyalty_agent_list_brands',
    args: '{"limit":5}',
    answer: (toolContent: string) => `tool said ${toolContent}`,
  }
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    let raw = ''
    for await (const chunk of req) raw += chunk
    const body = JSON.parse(raw)
    requests.push({ authorization: req.headers.authorization, body })
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404).end()
      return
    }
    if (state.mode === 'broken') {
      res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"overloaded"}}')
      return
    }
    if (state.mode === 'silent') {
      held.push(res)
      return
    }
    const toolMessage = [...body.messages].reverse().find((m: { role: string }) => m.role === 'tool')
    const message = toolMessage
      ? { role: 'assistant', content: state.answer(toolMessage.content) }
      : {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'call_1', type: 'function', function: { name: state.tool, arguments: state.args } }],
        }
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion', choices: [{ index: 0, message }] }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    state,
    close: async () => {
      for (const res of held) res.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
