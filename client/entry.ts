// Every island renders with the JSX runtime: it ships here, with React, not as a chunk of its own.
import 'react/jsx-runtime';
import { createElement, startTransition, useEffect, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { ISLAND_ATTR, ISLAND_HYDRATED_ATTR, ISLAND_PROPS_ATTR } from '../src/domain/islands';
import { reportError } from './error-reports';
import './vitals-loader';

type IslandModule = { default: ComponentType<Record<string, unknown>> };

const modules = import.meta.glob<IslandModule>('./islands/*.tsx');

/** Marks the island's element once React has taken it over (tests and styles read the mark). */
function Hydrated({ el, children }: { el: HTMLElement; children: ReactNode }) {
  useEffect(() => {
    el.setAttribute(ISLAND_HYDRATED_ATTR, 'true');
  }, [el]);
  return children;
}

async function hydrateIsland(el: HTMLElement): Promise<void> {
  const name = el.getAttribute(ISLAND_ATTR);
  const load = modules[`./islands/${name}.tsx`];
  if (!load) return;
  const { default: Component } = await load();
  const props = JSON.parse(el.getAttribute(ISLAND_PROPS_ATTR) ?? '{}') as Record<string, unknown>;
  // As a transition, hydration yields to the browser between small slices of work instead of
  // holding the main thread for the whole form: a tap or a keystroke meanwhile is not kept waiting.
  startTransition(() => {
    hydrateRoot(el, createElement(Hydrated, { el, children: createElement(Component, props) }), {
      // React's own errors reach the site's reports too (the console still shows them).
      onUncaughtError: (error) => {
        console.error(error);
        reportError('react', error);
      },
      onRecoverableError: (error) => reportError('hydration', error),
    });
  });
}

// `client/boot.ts` loads this module once the page has painted (or the visitor has reached for it):
// every island hydrates now.
for (const el of document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTR}]:not([${ISLAND_HYDRATED_ATTR}])`)) void hydrateIsland(el);
