import { fetchEventConfig } from './fetch-event-config'
import { postEvent } from './post-event'
import { startAutoDetection } from './start-auto-detection'
import type { InitOptions, LoyaltyKit, TrackOptions, TrackResponse } from './types'
import { VERSION } from './version'
import { watchFormEmails } from './watch-form-emails'

const STORAGE_KEY = 'loyaltykit:user'

interface Config {
  brandId: string
  endpoint: string
  debug: boolean
  persist: boolean
}

/** A queued or pending event: what to send and where the page stood when it was asked for. */
interface Outgoing {
  eventType: string
  options: TrackOptions
  domain: string
  sourceUrl: string
  resolve: (response: TrackResponse) => void
}

function failure(error: string, code: string): TrackResponse {
  return { success: false, error, code }
}

/**
 * Creates one SDK instance (the script build makes `window.LoyaltyKit` with it). `defaults.endpoint`
 * is used when `init` gets none; without it, `location.origin`. Every method catches its own errors:
 * nothing ever throws or rejects into the page.
 */
export function createLoyaltyKit(defaults: { endpoint?: string } = {}): LoyaltyKit {
  let config: Config | undefined
  let ready: Promise<void> = Promise.resolve()
  let user: string | undefined
  let formEmail: string | undefined
  /** track calls made before init. */
  const queue: Outgoing[] = []
  /** Automatic events that fired before any user email was known. */
  const pending: Outgoing[] = []

  const log = (...args: unknown[]) => {
    if (config?.debug) console.debug('[LoyaltyKit]', ...args)
  }

  const outgoing = (eventType: string, options: TrackOptions, resolve: Outgoing['resolve']): Outgoing => ({
    eventType,
    options,
    domain: location.hostname,
    sourceUrl: /^https?:/.test(location.href) ? location.href.slice(0, 2048) : '',
    resolve,
  })

  const send = async (o: Outgoing, c: Config): Promise<void> => {
    try {
      const userEmail = o.options.userEmail ?? user ?? formEmail
      if (!userEmail) {
        log('no user email for', o.eventType)
        return o.resolve(
          failure('No user email: pass { userEmail } or call LoyaltyKit.identify(email) first', 'MISSING_USER_EMAIL'),
        )
      }
      const body = JSON.stringify({
        brandId: c.brandId,
        eventType: o.eventType,
        userEmail,
        ...(o.domain ? { domain: o.domain } : {}),
        ...(o.sourceUrl ? { sourceUrl: o.sourceUrl } : {}),
        ...(o.options.metadata ? { metadata: o.options.metadata } : {}),
      })
      const response = await postEvent(c.endpoint, body)
      log(o.eventType, response)
      o.resolve(response)
    } catch (error) {
      log(error)
      o.resolve(failure(`LoyaltyKit could not send the event: ${error}`, 'SDK_ERROR'))
    }
  }

  /** Sends held events one after the other, so they reach the server in the order they were made. */
  const sendInOrder = (list: Outgoing[], c: Config) => {
    void list.reduce((previous, o) => previous.then(() => send(o, c)), Promise.resolve())
  }

  const flushPending = () => {
    if (!config || !(user ?? formEmail)) return
    sendInOrder(pending.splice(0), config)
  }

  const identify = (userEmail: string) => {
    try {
      if (typeof userEmail !== 'string' || userEmail.trim() === '') return log('identify: not an email', userEmail)
      user = userEmail.trim()
      if (config?.persist) localStorage.setItem(STORAGE_KEY, user)
      flushPending()
    } catch (error) {
      log(error)
    }
  }

  const track = (eventName: string, options?: TrackOptions): Promise<TrackResponse> => {
    try {
      if (typeof eventName !== 'string' || eventName === '') {
        return Promise.resolve(failure('eventName must be a non-empty string', 'INVALID_EVENT'))
      }
      return new Promise<TrackResponse>((resolve) => {
        const o = outgoing(eventName, { ...options }, resolve)
        if (config) void send(o, config)
        else queue.push(o)
      }).catch(() => failure('Unexpected error in LoyaltyKit', 'SDK_ERROR'))
    } catch {
      return Promise.resolve(failure('Unexpected error in LoyaltyKit', 'SDK_ERROR'))
    }
  }

  const init = (brandId: string, options: InitOptions = {}): Promise<void> => {
    try {
      if (config) {
        log('init was already called; ignored')
        return ready
      }
      if (typeof brandId !== 'string' || brandId.trim() === '') {
        if (options.debug) console.debug('[LoyaltyKit] init: brandId is required')
        return ready
      }
      const c: Config = {
        brandId: brandId.trim().toLowerCase(),
        endpoint: options.endpoint ?? defaults.endpoint ?? location.origin,
        debug: options.debug === true,
        persist: options.persist === 'localStorage',
      }
      config = c
      log('init', c)
      if (c.persist) {
        try {
          user ??= localStorage.getItem(STORAGE_KEY) ?? undefined
        } catch (error) {
          log(error)
        }
      }
      if (options.userEmail) identify(options.userEmail)
      else if (c.persist && user) identify(user)
      sendInOrder(queue.splice(0), c)
      if (options.captureFormEmail !== false) {
        watchFormEmails((email) => {
          formEmail = email
          flushPending()
        })
      }
      if (options.autoDetect !== false) {
        ready = fetchEventConfig(c.endpoint, c.brandId)
          .then((rules) => {
            log('event-config', rules)
            startAutoDetection(
              rules,
              (rule, trigger) => {
                log('detected', rule.eventType, trigger)
                const o = outgoing(rule.eventType, { metadata: trigger }, (response) => log(rule.eventType, response))
                if (user ?? formEmail) void send(o, c)
                else pending.push(o)
              },
              log,
            )
          })
          .catch(log)
      }
    } catch (error) {
      log(error)
    }
    return ready
  }

  return { version: VERSION, init, track, identify }
}
