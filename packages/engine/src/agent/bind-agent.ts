import { bindOperation } from '../bind-operation'
import type { EngineContext } from '../context'
import { authenticateAgent } from './authenticate-agent'
import { createAgentKey } from './create-agent-key'
import { listAgentKeys } from './list-agent-keys'
import { revokeAgentKey } from './revoke-agent-key'
import { rotateAgentKey } from './rotate-agent-key'
import { runAgentTool } from './run-agent-tool'

/** `engine.agent`: the agent API's tool calls (`run`), who signed a request (`authenticate`, for MCP) and its keys. */
export function bindAgent(ctx: EngineContext) {
  return {
    run: bindOperation(ctx, runAgentTool),
    authenticate: bindOperation(ctx, authenticateAgent),
    createKey: bindOperation(ctx, createAgentKey),
    listKeys: bindOperation(ctx, listAgentKeys),
    revokeKey: bindOperation(ctx, revokeAgentKey),
    rotateKey: bindOperation(ctx, rotateAgentKey),
  }
}
