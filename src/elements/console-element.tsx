import { lazy, Suspense } from 'react';
import { createHostElement, defineOnce, type HostProps } from './host-element';
import { ElementErrorBoundary, ElementLoading } from './loading';

export const CONSOLE_ELEMENT_NAME = 'mes-console';

// The whole app (router, antd, pages) is a lazy chunk: the loader only carries React and r2wc.
const ConsoleRoot = lazy(() => import('@app/shell/console-root'));

function MesConsole(props: HostProps) {
  return (
    <ElementErrorBoundary>
      <Suspense fallback={<ElementLoading />}>
        <ConsoleRoot {...props} />
      </Suspense>
    </ElementErrorBoundary>
  );
}

/** `<mes-console>`: the full console (login, layout, menu, every routed page). */
export function defineConsoleElement(): void {
  defineOnce(CONSOLE_ELEMENT_NAME, createHostElement(MesConsole));
}
