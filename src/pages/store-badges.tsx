import { usePageContext } from '../web/page-context';

export function StoreBadges({ appStoreUrl, playStoreUrl }: { appStoreUrl: string; playStoreUrl: string }) {
  const { text } = usePageContext();
  return (
    <ul className="store-badges">
      <li>
        <a href={appStoreUrl}>
          <img src="/images/app-store-badge.svg" width={150} height={50} alt={text.shell.appStoreBadge} />
        </a>
      </li>
      <li>
        <a href={playStoreUrl}>
          <img src="/images/google-play-badge.svg" width={168} height={50} alt={text.shell.playStoreBadge} />
        </a>
      </li>
    </ul>
  );
}
