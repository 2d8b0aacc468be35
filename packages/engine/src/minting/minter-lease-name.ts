/** The lease that makes one minter per signer and chain work at a time (`createMinter`, readiness). */
export function minterLeaseName(chainId: number, signer: string): string {
  return `minter:${chainId}:${signer.toLowerCase()}`
}
