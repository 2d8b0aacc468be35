import { z } from 'zod'
import type { EngineContext } from '../../context'
import type { AgentCaller, AgentTool, AgentToolSettings } from '../agent-tool'
import type { ConverseStep } from './converse-step'
import { MAX_CONVERSE_STEPS } from './plan-converse'
import { runConverseStep } from './run-converse-steps'

/** An OpenAI-compatible chat-completions endpoint (`LOYALTYKIT_LLM_*`, docs/configuration.md). */
export type ConverseLlmSettings = {
  /** Up to `/v1`: `POST {baseUrl}/chat/completions`. */
  baseUrl: string
  /** Sent as `Authorization: Bearer …`; never logged. */
  apiKey?: string
  model: string
  /** The whole conversation's budget; default 15 s. */
  timeoutMs?: number
}

/** At most this many completions per question. */
const MAX_ROUNDS = 5

const SYSTEM = [
  'You answer questions about a loyalty-rewards network with the tools given (all read-only).',
  'Points are whole tokens; 1,000 points are worth 1 USD. userId is an email or a 0x address.',
  'Call the tools you need, then answer in a few sentences naming the figures the tools returned.',
].join(' ')

const toolCallSchema = z.object({
  id: z.string(),
  type: z.literal('function').optional(),
  function: z.object({ name: z.string(), arguments: z.string() }),
})
const completionSchema = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({
          role: z.string().optional(),
          content: z.string().nullable().optional(),
          tool_calls: z.array(toolCallSchema).nullable().optional(),
        }),
      }),
    )
    .min(1),
})

/** The function list of the read-only tools, input schemas as JSON Schema. */
function functionsOf(tools: ReadonlyMap<string, AgentTool>) {
  return [...tools.values()].map((t) => ({
    type: 'function' as const,
    function: {
      name: t.name,
      description: t.description,
      parameters: z.toJSONSchema(t.input, { io: 'input', unrepresentable: 'any' }),
    },
  }))
}

/**
 * /converse through an LLM (agent-api.md (d) "Optional LLM"): chat completions with the read-only
 * tools as functions and `tool_choice: "auto"`, at most 5 rounds and 5 tool calls; each call's
 * `arguments` (a JSON string) parsed and run like a rule step (schema and key checked, failures
 * answered to the model as `{error}`). Throws on any HTTP, format or timeout problem, and when the
 * model has not answered after 5 rounds: the caller falls back to the rule planner.
 */
export async function llmConverse(
  ctx: EngineContext,
  query: string,
  llm: ConverseLlmSettings,
  tools: ReadonlyMap<string, AgentTool>,
  caller: AgentCaller,
  settings: AgentToolSettings,
): Promise<{ response: string; steps: ConverseStep[] }> {
  const signal = AbortSignal.timeout(llm.timeoutMs ?? 15_000)
  const url = `${llm.baseUrl.replace(/\/+$/, '')}/chat/completions`
  const messages: Array<Record<string, unknown>> = [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: query },
  ]
  const functions = functionsOf(tools)
  const steps: ConverseStep[] = []
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const res = await fetch(url, {
      method: 'POST',
      signal,
      headers: {
        'content-type': 'application/json',
        ...(llm.apiKey ? { authorization: `Bearer ${llm.apiKey}` } : {}),
      },
      body: JSON.stringify({ model: llm.model, messages, tools: functions, tool_choice: 'auto' }),
    })
    if (!res.ok) throw new Error(`chat completions answered HTTP ${res.status}`)
    const completion = completionSchema.safeParse(await res.json())
    if (!completion.success) throw new Error('chat completions answered an unexpected shape')
    const message = completion.data.choices[0]?.message
    const calls = message?.tool_calls ?? []
    if (calls.length === 0) {
      const text = message?.content?.trim()
      if (!text) throw new Error('chat completions answered neither a tool call nor text')
      return { response: text, steps }
    }
    messages.push({ role: 'assistant', content: message?.content ?? null, tool_calls: calls })
    for (const call of calls) {
      let content: unknown
      if (steps.length >= MAX_CONVERSE_STEPS) {
        content = { error: { code: 'STEP_LIMIT', message: `At most ${MAX_CONVERSE_STEPS} tool calls per question` } }
      } else {
        const input = parseArguments(call.function.arguments)
        const step = input
          ? await runConverseStep(ctx, call.function.name, input, tools, caller, settings)
          : badArguments(call.function.name)
        steps.push(step)
        content = step.status === 'ok' ? step.data : { error: step.error }
      }
      messages.push({ role: 'tool', tool_call_id: call.id, content: JSON.stringify(content) })
    }
  }
  throw new Error(`chat completions did not answer within ${MAX_ROUNDS} rounds`)
}

/** `function.arguments` is a JSON string; undefined unless it holds an object. */
function parseArguments(raw: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(raw)
    if (typeof v === 'object' && v !== null && !Array.isArray(v)) return v as Record<string, unknown>
  } catch {
    // not JSON: refused below
  }
  return undefined
}

const badArguments = (tool: string): ConverseStep => ({
  tool,
  input: {},
  status: 'failed',
  error: { code: 'VALIDATION_FAILED', message: 'function.arguments is not a JSON object' },
})
