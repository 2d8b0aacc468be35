import { bindOperation } from '../bind-operation'
import type { EngineContext } from '../context'
import { verifyDns } from '../dns/verify-dns'
import { getEventConfig } from './get-event-config'
import { processBulkEvents } from './process-bulk-events'
import { processEvent } from './process-event'

/** `engine.events`: the event handler surface (manual-event, bulk-events, event-config, verify-dns). */
export function bindEvents(ctx: EngineContext) {
  return {
    process: bindOperation(ctx, processEvent),
    processBulk: bindOperation(ctx, processBulkEvents),
    getConfig: bindOperation(ctx, getEventConfig),
    verifyDns: bindOperation(ctx, verifyDns),
  }
}
