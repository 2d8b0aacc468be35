/** An Error with a JSON-RPC error `code` (EIP-1474 / EIP-1193), as a node's answer would carry it. */
export function jsonRpcError(code: number, message: string): Error & { code: number } {
  return Object.assign(new Error(message), { code })
}
