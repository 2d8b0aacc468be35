import { copyFileSync, mkdirSync, renameSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { buildSdkJs } from './build-sdk-js'

/**
 * Builds sdk.js from the current sources and puts it at packages/browser-sdk/dist/sdk.js (what the
 * server serves), by an atomic rename so a concurrent reader never sees half a file.
 */
export async function installSdkJs(): Promise<string> {
  const built = await buildSdkJs()
  try {
    const dist = resolve(import.meta.dirname, '../../dist')
    mkdirSync(dist, { recursive: true })
    const target = join(dist, 'sdk.js')
    const temporary = `${target}.${process.pid}.tmp`
    copyFileSync(built.file, temporary)
    renameSync(temporary, target)
    return target
  } finally {
    built.remove()
  }
}
