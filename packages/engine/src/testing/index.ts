// `@loyaltykit/engine/testing`: for tests and benchmarks only, never for a package's `src/` (Biome
// refuses the import there). `createTestContext` gives an operation a small context; the rest are
// engine internals that tests use to set state up directly (accept an event without minting, enqueue
// mints inside one transaction, write rows as the engine would). Not covered by semver.

export { classifySendError, type SendErrorKind } from '../chain/classify-send-error'
export { type AcceptEventOptions, acceptEvent } from '../events/accept-event'
export { PERMIT_TYPES } from '../identity/approved-permit'
export { type EnqueueMintParameters, type EnqueueMintReturnType, enqueueMint } from '../minting/enqueue-mint'
export { tokensToWei } from '../minting/mint-amount'
export { relaySenderOf } from '../relay/relay-sender-of'
export { DEFAULT_EVENT_RULES } from '../rules/default-event-rules'
export { walletOwnerKey } from '../wallets/wallet-owner-key'
export { createTestContext } from './create-test-context'
