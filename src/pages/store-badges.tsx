export function StoreBadges({ appStoreUrl, playStoreUrl }: { appStoreUrl: string; playStoreUrl: string }) {
  return (
    <ul className="store-badges">
      <li>
        <a href={appStoreUrl}>
          <img src="/images/app-store-badge.svg" width={150} height={50} alt="Download on the App Store" />
        </a>
      </li>
      <li>
        <a href={playStoreUrl}>
          <img src="/images/google-play-badge.svg" width={168} height={50} alt="Get it on Google Play" />
        </a>
      </li>
    </ul>
  );
}
