import { createElement, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { ISLAND_ATTR, ISLAND_HYDRATED_ATTR, ISLAND_PROPS_ATTR } from '../src/domain/islands';

type IslandModule = { default: ComponentType<Record<string, unknown>> };

const modules = import.meta.glob<IslandModule>('./islands/*.tsx');

async function hydrateIsland(el: HTMLElement): Promise<void> {
  const name = el.getAttribute(ISLAND_ATTR);
  const load = modules[`./islands/${name}.tsx`];
  if (!load) return;
  const { default: Component } = await load();
  const props = JSON.parse(el.getAttribute(ISLAND_PROPS_ATTR) ?? '{}') as Record<string, unknown>;
  hydrateRoot(el, createElement(Component, props));
  el.setAttribute(ISLAND_HYDRATED_ATTR, 'true');
}

const REACHED_FOR = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;

/**
 * The page works before its islands do (every form posts by itself), so an island waits for the
 * first paint, then hydrates when the browser is idle, or at once when the visitor reaches for it.
 */
function hydrateWhenWanted(el: HTMLElement): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const type of REACHED_FOR) el.removeEventListener(type, start, true);
    void hydrateIsland(el);
  };
  for (const type of REACHED_FOR) el.addEventListener(type, start, { capture: true, passive: true });
  requestAnimationFrame(() => {
    if (window.requestIdleCallback) window.requestIdleCallback(start, { timeout: 500 });
    else window.setTimeout(start, 200);
  });
}

for (const el of document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTR}]:not([${ISLAND_HYDRATED_ATTR}])`)) hydrateWhenWanted(el);
