/**
 * Calls `onEmail` with the email typed into each submitted form: its first `input[type=email]`, or
 * else an input whose name or id contains "email", when the value looks like an address. Listens in
 * the capture phase, so it runs before the page's own submit handlers.
 */
export function watchFormEmails(onEmail: (email: string) => void): void {
  addEventListener(
    'submit',
    (event) => {
      try {
        const form = event.target
        if (!(form instanceof HTMLFormElement)) return
        const input =
          form.querySelector<HTMLInputElement>('input[type=email]') ??
          form.querySelector<HTMLInputElement>('input[name*=email i],input[id*=email i]')
        const value = input?.value.trim() ?? ''
        if (/^[^\s@]+@[^\s@]+$/.test(value)) onEmail(value)
      } catch {}
    },
    true,
  )
}
