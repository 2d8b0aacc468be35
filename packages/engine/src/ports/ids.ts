import { randomUUID } from 'node:crypto'

/** Identifier source (UUID v4 by default). */
export interface Ids {
  uuid(): string
}

export const randomIds: Ids = { uuid: () => randomUUID() }
