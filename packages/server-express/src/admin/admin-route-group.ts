import type { Engine } from '@loyaltykit/engine'
import type { Router } from 'express'
import type { AdminOperation } from './admin-operation'

/** What an admin route group is given: the engine (routes are thin: no SQL, the facade only). */
export type AdminDeps = {
  engine: Engine
  /** The event handler's duplicate window, for the rule preview to judge as manual-event does (default 60 s). */
  duplicateWindowMs?: number
}

/**
 * A group of admin routes (one file per resource, docs/admin-api.md#adding-routes): its operations
 * (the OpenAPI document lists them) and `register`, which mounts each with `adminRoute`.
 */
export type AdminRouteGroup = {
  operations: readonly AdminOperation[]
  register(router: Router, deps: AdminDeps): void
}
