import type { CheckoutSessionRecord } from '@loyaltykit/engine'

const html = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string)

/**
 * Content-Security-Policy of the dev-checkout page: nothing but its inline style and its two forms,
 * which post to this server and are redirected to the session's success or cancel URL (Chromium
 * checks form redirects against `form-action`, so those origins are listed).
 */
export function devCheckoutCsp(session: CheckoutSessionRecord): string {
  const origins = new Set<string>()
  for (const url of [session.successUrl, session.cancelUrl]) {
    if (URL.canParse(url)) origins.add(new URL(url).origin)
  }
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    `form-action 'self' ${[...origins].join(' ')}`.trim(),
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ')
}

/** The local provider's hosted checkout page: the order, a Pay and a Cancel button. */
export function devCheckoutPage(session: CheckoutSessionRecord): string {
  const id = encodeURIComponent(session.id)
  const usd = (session.amountCents / 100).toFixed(2)
  const tokens = Number(session.tokenAmount).toLocaleString('en-US')
  const paid = session.status === 'paid'
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Checkout (local test payments)</title>
<style>
body{font-family:system-ui,sans-serif;background:#f6f7f9;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;border-radius:12px;box-shadow:0 2px 12px #0002;padding:2rem;max-width:26rem;width:100%}
h1{font-size:1.25rem;margin:0 0 1rem}.total{font-size:2rem;font-weight:600;margin:.5rem 0}
.note{background:#fff6d6;border-radius:8px;padding:.6rem .8rem;font-size:.85rem;color:#6b5600}
dl{display:grid;grid-template-columns:auto 1fr;gap:.3rem 1rem;font-size:.9rem;color:#333}dt{color:#777}
.actions{display:flex;gap:.75rem;margin-top:1.5rem}form{flex:1}
button{width:100%;padding:.75rem;border-radius:8px;border:0;font-size:1rem;cursor:pointer}
#pay{background:#635bff;color:#fff}#cancel{background:#e8e8ee;color:#333}
</style>
</head>
<body>
<main>
<h1>Buy ${html(tokens)} loyalty points</h1>
<div class="total" data-testid="total">$${html(usd)} ${html(session.currency.toUpperCase())}</div>
<dl>
<dt>Email</dt><dd data-testid="email">${html(session.userEmail)}</dd>
<dt>Wallet</dt><dd data-testid="wallet">${html(session.walletAddress)}</dd>
<dt>Session</dt><dd>${html(session.id.slice(0, 20))}…</dd>
</dl>
<p class="note">Local test payments: no card is charged. Pay marks this session paid and mints the points.</p>
<div class="actions">
<form method="post" action="/loyalty-api/dev-checkout/${id}/pay"><button id="pay" type="submit">${paid ? 'Paid: continue' : `Pay $${html(usd)}`}</button></form>
<form method="post" action="/loyalty-api/dev-checkout/${id}/cancel"><button id="cancel" type="submit">Cancel</button></form>
</div>
</main>
</body>
</html>
`
}
