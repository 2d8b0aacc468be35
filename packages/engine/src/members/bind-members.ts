import { bindOperation } from '../bind-operation'
import type { EngineContext } from '../context'
import { getMember } from './get-member'
import { inspectMember } from './inspect-member'
import { listMemberHistory } from './list-member-history'
import { searchMembers } from './search-members'

/** `engine.members`: what a brand's backend reads of its members (its API key; docs/members.md). */
export function bindMembers(ctx: EngineContext) {
  return {
    get: bindOperation(ctx, getMember),
    history: bindOperation(ctx, listMemberHistory),
    search: bindOperation(ctx, searchMembers),
    inspect: bindOperation(ctx, inspectMember),
  }
}
