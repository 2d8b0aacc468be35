import { bindOperation } from '../bind-operation'
import type { EngineContext } from '../context'
import { verifyDns } from '../dns/verify-dns'
import { checkEligibility } from './check-eligibility'
import { getEventConfig } from './get-event-config'
import { listEvents } from './list-events'
import { processBulkEvents } from './process-bulk-events'
import { processEvent } from './process-event'

/** `engine.events`: the event handler surface (manual-event, bulk-events, check-eligibility, event-config, verify-dns) and the brand's events list. */
export function bindEvents(ctx: EngineContext) {
  return {
    process: bindOperation(ctx, processEvent),
    processBulk: bindOperation(ctx, processBulkEvents),
    checkEligibility: bindOperation(ctx, checkEligibility),
    getConfig: bindOperation(ctx, getEventConfig),
    list: bindOperation(ctx, listEvents),
    verifyDns: bindOperation(ctx, verifyDns),
  }
}
