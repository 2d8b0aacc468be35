/** One request the fuzzer sends, as bytes on the wire, and what it expects of the answer. */
export type FuzzRequest = {
  /** `METHOD path` of the route (its generator's key). */
  route: string
  /** Which breakage (see fuzz/mutations.ts). */
  mutation: string
  method: string
  /** Path with query, exactly as sent. */
  path: string
  /** Header values; an array sends the header once per value. */
  headers: Record<string, string | string[]>
  body: Buffer | undefined
  /** Whatever else happens, this request must be refused (4xx): missing field, bad JSON, bad credentials… */
  mustRefuse: boolean
  /** Send the same request this many times (a replayed signature); the last answer is judged. */
  repeat?: number
}
