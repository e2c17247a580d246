import { createElement, lazy, Suspense, type ComponentType } from 'react';
import { createHostElement, defineOnce, type HostProps } from './host-element';
import { ElementErrorBoundary, ElementLoading } from './loading';
import type { ModulePageLoader } from '@app/modules/registry';
import { withLoadTimeout } from '@app/shell/load-timeout';

const ModuleRoot = lazy(() => import('@app/shell/module-root'));

/**
 * Registers a module's own element (e.g. `<mes-account>`) with the same providers, session bridge
 * and shadow-root styles as `<mes-console>`, rendering only the module's component.
 */
export function defineModuleElement(name: string, load: ModulePageLoader): void {
  if (customElements.get(name)) return;
  const page = lazy(withLoadTimeout(load)) as ComponentType;
  function ModuleElement(props: HostProps) {
    return createElement(
      ElementErrorBoundary,
      null,
      createElement(Suspense, { fallback: createElement(ElementLoading) }, createElement(ModuleRoot, { ...props, page })),
    );
  }
  ModuleElement.displayName = `ModuleElement(${name})`;
  defineOnce(name, createHostElement(ModuleElement));
}
