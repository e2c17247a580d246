import type { ComponentType } from 'react';
import { accountModule } from './account';
import { modelingModule } from './modeling';
import { sysCfgModule } from './sys-cfg';
import { shiftsModule } from './shifts';
import { stencilModule } from './stencil';
import { sysLogModule } from './sys-log';

/** A page module loaded on demand (keeps antd and page code out of the loader). */
export type ModulePageLoader = () => Promise<{ default: ComponentType }>;

/**
 * What a module contributes. `module` is the `module` name of its group in the route catalogue
 * (src/core/access/route-catalog.ts); `pages` maps catalogue paths (e.g. '/device-info',
 * '/previewChart/:id') to lazy pages; `element` is the module's own custom element, defined by
 * src/elements/index.ts with the console's providers (no router of its own, see module-root).
 * A module's index.ts exports one of these and must stay tiny: only `() => import(...)` loaders.
 */
export interface ModuleRegistration {
  module: string;
  pages: Record<string, ModulePageLoader>;
  element?: { name: string; load: ModulePageLoader };
}

/** Every built module; later issues append theirs (`import { deviceModule } from './device'`). */
export const MODULES: readonly ModuleRegistration[] = [accountModule, modelingModule, shiftsModule, sysCfgModule, sysLogModule, stencilModule];

const pageIndex = new Map<string, ModulePageLoader>();
for (const registration of MODULES) {
  for (const [path, load] of Object.entries(registration.pages)) {
    if (pageIndex.has(path)) throw new Error(`Page ${path} is registered twice`);
    pageIndex.set(path, load);
  }
}

/** The page registered for a catalogue path, or undefined when its module is not built yet. */
export function findPageLoader(path: string): ModulePageLoader | undefined {
  return pageIndex.get(path);
}
