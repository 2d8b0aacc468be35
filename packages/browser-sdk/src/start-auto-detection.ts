import { matchUrlPattern } from './match-url-pattern'
import type { EventRule } from './types'
import { watchUrlChanges } from './watch-url-changes'

/** Why an automatic event fired; sent as the event's `metadata`. */
export type AutoTrigger =
  | { detection: 'url_pattern'; urlPattern: string }
  | { detection: 'success_selector'; successSelector: string; urlPattern?: string }

/**
 * Fires rules from their `detectionConfig`:
 * - only `urlPatterns`: when the page URL matches one (at start and after every URL change);
 * - only `successSelectors`: when an element matching one is rendered (present at start, or added or
 *   made visible later: watched with a MutationObserver); an element fires a rule once;
 * - both: when such an element is rendered while the URL matches one of the patterns.
 * Each rule fires at most once per page view; a URL change (SPA navigation) starts a new page view.
 * Rules with neither list are left to `track`.
 */
export function startAutoDetection(
  rules: EventRule[],
  fire: (rule: EventRule, trigger: AutoTrigger) => void,
  log: (...args: unknown[]) => void,
): void {
  const watched = rules
    .map((rule) => ({
      rule,
      urlPatterns: strings(rule.detectionConfig?.urlPatterns),
      selectors: strings(rule.detectionConfig?.successSelectors),
      seen: new WeakSet<Element>(),
    }))
    .filter((w) => w.urlPatterns.length > 0 || w.selectors.length > 0)
  if (watched.length === 0) return
  let href = ''
  const fired = new Set<unknown>()

  const check = () => {
    if (location.href !== href) {
      href = location.href
      fired.clear()
    }
    for (const w of watched) {
      if (fired.has(w)) continue
      const urlPattern = w.urlPatterns.find((p) => matchUrlPattern(p, href))
      if (w.urlPatterns.length > 0 && urlPattern === undefined) continue
      if (w.selectors.length === 0) {
        fired.add(w)
        fire(w.rule, { detection: 'url_pattern', urlPattern: urlPattern! })
        continue
      }
      for (const selector of w.selectors) {
        const element = firstNewRendered(selector, w.seen, log)
        if (!element) continue
        w.seen.add(element)
        fired.add(w)
        fire(w.rule, {
          detection: 'success_selector',
          successSelector: selector,
          ...(urlPattern ? { urlPattern } : {}),
        })
        break
      }
    }
  }

  check()
  watchUrlChanges(check)
  if (watched.some((w) => w.selectors.length > 0)) {
    let scheduled = false
    new MutationObserver(() => {
      if (scheduled) return
      scheduled = true
      setTimeout(() => {
        scheduled = false
        try {
          check()
        } catch (error) {
          log(error)
        }
      }, 30)
    }).observe(document.documentElement, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['class', 'style', 'hidden'],
    })
  }
}

function strings(list: unknown): string[] {
  return Array.isArray(list) ? list.filter((s): s is string => typeof s === 'string' && s.trim() !== '') : []
}

/** The first element matching `selector` that is rendered (has a layout box) and has not fired yet. */
function firstNewRendered(selector: string, seen: WeakSet<Element>, log: (...args: unknown[]) => void) {
  try {
    for (const element of Array.from(document.querySelectorAll(selector))) {
      if (!seen.has(element) && element.getClientRects().length > 0) return element
    }
  } catch (error) {
    log('invalid success selector', selector, error)
  }
  return undefined
}
