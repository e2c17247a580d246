import type { ComponentType } from 'react';
import type { ModulePages } from '@core/access';

/** A page module loaded on demand (keeps antd and page code out of the loader). */
export type ModulePageLoader = () => Promise<{ default: ComponentType }>;

/**
 * What a module contributes: its pages as declared once in core (src/core/access/pages/<m>.ts:
 * path, title, group, authorities, hidden) with each page's lazy component attached by the same
 * key, and optionally its own custom element, defined by src/elements/index.ts with the console's
 * providers (no router of its own, see module-root). A module's index.ts exports one of these made
 * by `defineModule` and must stay tiny: only `() => import(...)` loaders.
 */
export interface ModuleRegistration {
  /** The console module's folder name (= the `module` of its page declaration). */
  module: string;
  /** Lazy page by catalogue path (e.g. '/device-info', '/previewChart/:id'). */
  pages: Readonly<Record<string, ModulePageLoader>>;
  element?: { name: string; load: ModulePageLoader };
}

/**
 * Attaches a component to every page a module declares (TypeScript requires one loader per
 * declared key and refuses any other key).
 *
 *   export const stencilModule = defineModule(STENCIL_PAGES, { LIST: () => import('./pages/stencil.page') },
 *     { name: 'mes-stencil', load: () => import('./pages/stencil-element.page') });
 */
export function defineModule<K extends string>(
  declared: ModulePages<K>,
  loaders: { readonly [P in K]: ModulePageLoader },
  element?: ModuleRegistration['element'],
): ModuleRegistration {
  const pages: Record<string, ModulePageLoader> = {};
  for (const key of Object.keys(declared.pages) as K[]) pages[declared.pages[key].path] = loaders[key];
  return { module: declared.module, pages, ...(element ? { element } : {}) };
}
