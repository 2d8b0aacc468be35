/**
 * A perk's stock (agent-api.md #25): `unlimited` (maxSupply 0), `sold_out` (none left), `low` (at
 * most 10 % of the supply left), else `available`.
 */
export function supplyStatus(p: {
  maxSupply: number
  available: number | null
}): 'unlimited' | 'available' | 'low' | 'sold_out' {
  if (p.maxSupply === 0 || p.available === null) return 'unlimited'
  if (p.available <= 0) return 'sold_out'
  return p.available <= p.maxSupply * 0.1 ? 'low' : 'available'
}
