import { matchUrlPattern } from './match-url-pattern'
import type { EventRule } from './types'
import { watchUrlChanges } from './watch-url-changes'

/** Why an automatic event fired; sent as the event's `metadata`. */
type AutoTrigger =
  | { detection: 'url_pattern'; urlPattern: string }
  | { detection: 'success_selector'; successSelector: string; urlPattern?: string }

/**
 * Fires rules from their `detectionConfig`:
 * - only `urlPatterns`: when the page URL matches one (at start and after every URL change);
 * - only `successSelectors`: when an element matching one is rendered (present at start, or added or
 *   made visible later: watched with a MutationObserver); an element counts once per rule;
 * - both: when such an element is rendered while the URL matches one of the patterns.
 * Each rule fires at most once per page view; a URL change (SPA navigation; a hash change only when
 * the hash is a route, `#/…` or `#!…`) starts a new page view.
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
  let view = ''
  const fired = new Set<unknown>()

  const check = () => {
    const href = location.href
    if (pageView(href) !== view) {
      view = pageView(href)
      fired.clear()
    }
    for (const w of watched) {
      const urlPattern = w.urlPatterns.find((p) => matchUrlPattern(p, href))
      if (w.urlPatterns.length > 0 && urlPattern === undefined) continue
      if (w.selectors.length === 0) {
        if (!fired.has(w)) fire(w.rule, { detection: 'url_pattern', urlPattern: urlPattern! })
        fired.add(w)
        continue
      }
      // Every rendered match is marked as seen, also after the rule fired in this page view, so an
      // element that appeared then does not fire the rule in the next page view.
      let first: string | undefined
      for (const selector of w.selectors) {
        for (const element of newRendered(selector, w.seen, log)) {
          w.seen.add(element)
          first ??= selector
        }
      }
      if (first === undefined || fired.has(w)) continue
      fired.add(w)
      fire(w.rule, { detection: 'success_selector', successSelector: first, ...(urlPattern ? { urlPattern } : {}) })
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

/**
 * What identifies a page view: the URL without its hash, unless the hash is a route (`#/…`, `#!…`),
 * so hash-router navigation starts a new page view and an in-page anchor does not.
 */
function pageView(href: string): string {
  const hash = href.indexOf('#')
  return hash < 0 || /^#!|^#\//.test(href.slice(hash)) ? href : href.slice(0, hash)
}

/** The rendered (having a layout box) elements matching `selector` that have not been seen yet. */
function newRendered(selector: string, seen: WeakSet<Element>, log: (...args: unknown[]) => void): Element[] {
  try {
    return Array.from(document.querySelectorAll(selector)).filter(
      (element) => !seen.has(element) && element.getClientRects().length > 0,
    )
  } catch (error) {
    log('invalid success selector', selector, error)
    return []
  }
}
