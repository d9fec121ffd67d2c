import { useSyncExternalStore } from 'react';

const never = () => () => {};

/** False while the server's HTML is all there is (and while React takes it over), true once the island runs. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
