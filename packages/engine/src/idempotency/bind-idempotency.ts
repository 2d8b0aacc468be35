import { bindOperation } from '../bind-operation'
import type { EngineContext } from '../context'
import { claimIdempotencyKey } from './claim-idempotency-key'
import { completeIdempotencyKey } from './complete-idempotency-key'
import { extendIdempotencyKey } from './extend-idempotency-key'
import { purgeIdempotencyKeys } from './purge-idempotency-keys'
import { releaseIdempotencyKey } from './release-idempotency-key'

/** `engine.idempotency`: the keys behind the server's `Idempotency-Key` (docs/idempotency.md). */
export function bindIdempotency(ctx: EngineContext) {
  return {
    claim: bindOperation(ctx, claimIdempotencyKey),
    extend: bindOperation(ctx, extendIdempotencyKey),
    complete: bindOperation(ctx, completeIdempotencyKey),
    release: bindOperation(ctx, releaseIdempotencyKey),
    purge: bindOperation(ctx, purgeIdempotencyKeys),
  }
}
