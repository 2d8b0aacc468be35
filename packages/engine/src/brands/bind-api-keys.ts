import { bindOperation } from '../bind-operation'
import type { EngineContext } from '../context'
import { createApiKey } from './create-api-key'
import { listApiKeys } from './list-api-keys'
import { revokeApiKey } from './revoke-api-key'
import { verifyApiKey } from './verify-api-key'

/** `engine.apiKeys`: a brand's bearer API keys. */
export function bindApiKeys(ctx: EngineContext) {
  return {
    create: bindOperation(ctx, createApiKey),
    list: bindOperation(ctx, listApiKeys),
    revoke: bindOperation(ctx, revokeApiKey),
    verify: bindOperation(ctx, verifyApiKey),
  }
}
