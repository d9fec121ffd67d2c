import { usePageContext } from '../../web/page-context';
import { Rich } from '../../../client/components/rich';

/** Disclosure required where a human check protects a form. */
export function BotNotice() {
  const { text } = usePageContext();
  return (
    <p className="bot-notice">
      <Rich
        text={text.shell.botNotice}
        parts={{
          privacy: <a href="https://www.cloudflare.com/privacypolicy/">{text.shell.cloudflarePrivacy}</a>,
          terms: <a href="https://www.cloudflare.com/website-terms/">{text.shell.cloudflareTerms}</a>,
        }}
      />
    </p>
  );
}
