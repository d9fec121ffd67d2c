/** Disclosure required where a human check protects a form. */
export function BotNotice() {
  return (
    <p className="bot-notice">
      This site is protected by Cloudflare Turnstile, and the Cloudflare{' '}
      <a href="https://www.cloudflare.com/privacypolicy/">Privacy Policy</a> and{' '}
      <a href="https://www.cloudflare.com/website-terms/">Terms of Service</a> apply.
    </p>
  );
}
