/**
 * Waits `ms` (a plain timer). Background workers sleep through it or through their wakeable sleep
 * (`createWakeableSleep`), and read the time only from the engine's clock port (`ctx.clock`).
 */
export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
