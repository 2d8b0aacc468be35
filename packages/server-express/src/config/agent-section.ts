import { AGENT_RATE_LIMITS, type AgentRateLimits, type ConverseLlmSettings } from '@loyaltykit/engine'
import { DEFAULT_MCP_TOOLSETS, MCP_TOOLSET_NAMES } from '../mcp/mcp-toolsets'
import { defineSection } from './define-section'
import { envValue } from './env-value'

/** Settings of the agent REST API (docs/agent-api.md, docs/configuration.md#agent-api). */
export type AgentConfig = AgentRateLimits & {
  /** Path prefix of every agent route (default `/api/v1`). */
  basePath: string
  /** The toolsets `/mcp` serves without `?toolsets=` (docs/mcp.md). */
  mcpToolsets: readonly string[]
  /** The key `loyaltykit agent-key sign` signs with (client side; the server never reads it). */
  signingKey: { keyId: string | undefined; secret: string | undefined }
  /** The chat-completions endpoint /converse plans with; absent: its rule planner only. */
  llm?: ConverseLlmSettings
}

export const agentSection = defineSection({
  title: 'Agent API',
  summary: 'The agent REST API ([agent-api.md](agent-api.md)).',
  variables: {
    LOYALTYKIT_AGENT_BASE_PATH: envValue
      .string({
        type: 'path',
        pattern: /^(\/[A-Za-z0-9._~-]+)+\/?$/,
        message: 'must be a path like /api/v1',
        default: '/api/v1',
      })
      .describe('Path prefix of the agent API’s routes, e.g. `/api/v1` → `/api/v1/network/info`.'),
    LOYALTYKIT_AGENT_RATE_LIMIT_PER_MIN: envValue
      .integer({ min: 1, max: 100_000_000, default: AGENT_RATE_LIMITS.signedPerMinute })
      .describe(
        'Signed requests per agent key per minute, for keys created without their own `--rate` (held in the database, so it holds across processes).',
      ),
    LOYALTYKIT_AGENT_PUBLIC_PER_MIN: envValue
      .integer({ min: 1, max: 100_000_000, default: AGENT_RATE_LIMITS.publicPerMinute })
      .describe(
        'Unsigned agent API requests per client IP per minute (the IP as Express sees it: set `LOYALTYKIT_TRUST_PROXY` behind a proxy).',
      ),
    LOYALTYKIT_MCP_TOOLSETS: envValue
      .list({
        of: 'toolsets',
        item: (t) => (MCP_TOOLSET_NAMES.includes(t) ? t : undefined),
        default: [...DEFAULT_MCP_TOOLSETS],
      })
      .describe(
        `The MCP tools \`/mcp\` lists without \`?toolsets=\`, and \`loyaltykit mcp\` asks for without \`--toolsets\` ([mcp.md](mcp.md)): ${MCP_TOOLSET_NAMES.map((n) => `\`${n}\``).join(', ')}.`,
      ),
    LOYALTYKIT_AGENT_KEY_ID: envValue
      .string({ type: 'lak_…', unset: '`--id`' })
      .describe('Client side: the agent key `loyaltykit agent-key sign` signs with (the server does not read it).'),
    LOYALTYKIT_AGENT_SECRET: envValue
      .secret(envValue.string({ type: 'lks_…', unset: 'no signing' }))
      .describe(
        'Client side: the secret of `LOYALTYKIT_AGENT_KEY_ID`, for `loyaltykit agent-key sign` (never a flag).',
      ),
    LOYALTYKIT_LLM_BASE_URL: envValue
      .url({ protocols: ['http', 'https'], unset: 'the rule planner only' })
      .describe(
        'An OpenAI-compatible API (up to `/v1`) that `POST /api/v1/converse` plans with: `POST {url}/chat/completions` with the read-only tools as functions. Any error or timeout falls back to the rule planner ([agent-api.md](agent-api.md#converse)).',
      ),
    LOYALTYKIT_LLM_API_KEY: envValue
      .secret(envValue.string({ type: 'string', unset: 'no `Authorization` header' }))
      .describe('Sent as `Authorization: Bearer …` to `LOYALTYKIT_LLM_BASE_URL`; never logged.'),
    LOYALTYKIT_LLM_MODEL: envValue
      .string({ type: 'string', unset: 'required with `LOYALTYKIT_LLM_BASE_URL`' })
      .describe('The `model` of every chat-completions request, e.g. `gpt-4o-mini`.'),
    LOYALTYKIT_LLM_TIMEOUT_MS: envValue
      .integer({ min: 100, max: 600_000, default: 15_000 })
      .describe(
        'How long one /converse question may spend with the LLM (all its rounds) before the rule planner answers instead.',
      ),
  },
  read(v, _deps, report): AgentConfig {
    const baseUrl = v.LOYALTYKIT_LLM_BASE_URL
    const model = v.LOYALTYKIT_LLM_MODEL
    if (baseUrl && !model) report('LOYALTYKIT_LLM_MODEL', 'is required with LOYALTYKIT_LLM_BASE_URL')
    if (!baseUrl && (model || v.LOYALTYKIT_LLM_API_KEY)) {
      report(model ? 'LOYALTYKIT_LLM_MODEL' : 'LOYALTYKIT_LLM_API_KEY', 'needs LOYALTYKIT_LLM_BASE_URL')
    }
    return {
      basePath: v.LOYALTYKIT_AGENT_BASE_PATH.replace(/\/+$/, ''),
      signedPerMinute: v.LOYALTYKIT_AGENT_RATE_LIMIT_PER_MIN,
      publicPerMinute: v.LOYALTYKIT_AGENT_PUBLIC_PER_MIN,
      mcpToolsets: v.LOYALTYKIT_MCP_TOOLSETS,
      signingKey: { keyId: v.LOYALTYKIT_AGENT_KEY_ID, secret: v.LOYALTYKIT_AGENT_SECRET },
      ...(baseUrl && model
        ? {
            llm: {
              baseUrl,
              model,
              timeoutMs: v.LOYALTYKIT_LLM_TIMEOUT_MS,
              ...(v.LOYALTYKIT_LLM_API_KEY ? { apiKey: v.LOYALTYKIT_LLM_API_KEY } : {}),
            },
          }
        : {}),
    }
  },
})
