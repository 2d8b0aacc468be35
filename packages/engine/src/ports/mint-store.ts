/**
 * Storage of the durable minting pipeline (jobs, batches, signed transactions, nonces, leases).
 * Owned by the minting module; see src/minting/.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by the minting pipeline
export interface MintStore {}
