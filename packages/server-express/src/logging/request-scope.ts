import { AsyncLocalStorage } from 'node:async_hooks'

/** The request an async call chain serves; lets loggers outside the HTTP layer add its id. */
export const requestScope = new AsyncLocalStorage<{ requestId: string }>()
