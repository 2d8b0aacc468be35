import { bindOperation } from '../bind-operation'
import type { EngineContext } from '../context'
import { createMinter } from './create-minter'
import { enqueueMintJob } from './enqueue-mint-job'
import { getMintJob } from './get-mint-job'
import { readBrandPipeline } from './read-brand-pipeline'
import { waitForMint } from './wait-for-mint'

/** `engine.mint`: mint jobs, and the minter worker that drains them. */
export function bindMint(ctx: EngineContext) {
  return {
    enqueue: bindOperation(ctx, enqueueMintJob),
    get: bindOperation(ctx, getMintJob),
    wait: bindOperation(ctx, waitForMint),
    createMinter: bindOperation(ctx, createMinter),
    pipeline: bindOperation(ctx, readBrandPipeline),
  }
}
