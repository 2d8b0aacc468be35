/**
 * Calls `onChange` after every `history.pushState` / `history.replaceState` and every `popstate` /
 * `hashchange`, so single-page-app navigation is seen. The patched history methods call the page's
 * originals first and return their result; an error in `onChange` never reaches the caller.
 */
export function watchUrlChanges(onChange: () => void): void {
  const notify = () => {
    try {
      onChange()
    } catch {}
  }
  for (const name of ['pushState', 'replaceState'] as const) {
    const original = history[name]
    history[name] = function (this: History, ...args: Parameters<History['pushState']>) {
      const result = original.apply(this, args)
      notify()
      return result
    }
  }
  addEventListener('popstate', notify)
  addEventListener('hashchange', notify)
}
