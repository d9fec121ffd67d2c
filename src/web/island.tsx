import type { ComponentType } from 'react';
import { ISLAND_ATTR, ISLAND_PROPS_ATTR, type IslandName } from '../domain/islands';
import { usePageContext } from './page-context';

interface IslandProps<P extends object> {
  name: IslandName;
  component: ComponentType<P>;
  props: P;
}

/** Renders an interactive component on the server and marks it for hydration in the browser. */
export function Island<P extends object>({ name, component: Component, props }: IslandProps<P>) {
  usePageContext().islands.add(name);
  const marker = { [ISLAND_ATTR]: name, [ISLAND_PROPS_ATTR]: JSON.stringify(props) };
  return (
    <div {...marker}>
      <Component {...props} />
    </div>
  );
}
