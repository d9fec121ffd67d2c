import type { ComponentType } from 'react';
import { ISLAND_ATTR, ISLAND_PROPS_ATTR, type IslandName } from '../domain/islands';
import { postedFor } from '../domain/posted-form';
import { usePageContext } from './page-context';

interface IslandProps<P extends object> {
  name: IslandName;
  component: ComponentType<P>;
  props: P;
  /**
   * The `_form` value of the form this island draws, when it draws one: after a post without
   * script, the island gets what was posted (`posted`), to show the errors and values again.
   */
  form?: string;
}

/** Renders an interactive component on the server and marks it for hydration in the browser. */
export function Island<P extends object>({ name, component: Component, props, form }: IslandProps<P>) {
  const context = usePageContext();
  context.islands.add(name);
  const posted = form ? postedFor(context.posted, form) : undefined;
  const all = posted ? { ...props, posted } : props;
  const marker = { [ISLAND_ATTR]: name, [ISLAND_PROPS_ATTR]: JSON.stringify(all) };
  return (
    <div {...marker}>
      <Component {...all} />
    </div>
  );
}
