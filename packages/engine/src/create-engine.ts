import type { EngineContext } from './context'
import type { ChainPort } from './ports/chain'
import { type Clock, systemClock } from './ports/clock'
import { type Ids, randomIds } from './ports/ids'
import type { KeyVault } from './ports/key-vault'
import { type Logger, silentLogger } from './ports/logger'
import type { Storage } from './ports/storage'

export type CreateEngineParameters = {
  storage: Storage
  keyVault: KeyVault
  chain?: ChainPort
  clock?: Clock
  ids?: Ids
  logger?: Logger
}

/** Binds the engine's operations to one context. Holds no logic of its own. */
export function createEngine(params: CreateEngineParameters) {
  const ctx: EngineContext = {
    storage: params.storage,
    keyVault: params.keyVault,
    chain: params.chain,
    clock: params.clock ?? systemClock,
    ids: params.ids ?? randomIds,
    logger: params.logger ?? silentLogger,
  }
  return {
    ctx,
  }
}

export type Engine = ReturnType<typeof createEngine>
