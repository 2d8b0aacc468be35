import { createServer } from 'node:net'
import { type RunningCli, startCliProcess } from './cli-process'

/** A TCP port free right now on 127.0.0.1 (chain serve can be restarted on the same one). */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** The `NAME=value` lines `chain serve` prints for the servers. */
export const serverEnvOf = (banner: string): Record<string, string> =>
  Object.fromEntries([...banner.matchAll(/^(LOYALTYKIT_[A-Z_]+)=(\S+)$/gm)].map((m) => [m[1], m[2]]))

/** `loyaltykit chain serve --port PORT`, once its banner is printed. */
export const serveChain = (port: number, env: NodeJS.ProcessEnv): Promise<RunningCli> =>
  startCliProcess(['chain', 'serve', '--port', String(port)], env, /^Ctrl-C stops it/m, 120_000)
