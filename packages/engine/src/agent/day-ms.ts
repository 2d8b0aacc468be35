/** One UTC day in milliseconds: the agent API's windows are whole days back from now (30 d, 90 d). */
export const DAY_MS = 86_400_000
