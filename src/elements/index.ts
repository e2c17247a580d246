// Loader entry (dist/mes-elements.js): defines every element; the React app loads lazily.
import { defineConsoleElement } from './console-element';
import { defineModuleElement } from './define-module-element';
import { MODULES } from '@app/modules/registry';

defineConsoleElement();
for (const module of MODULES) {
  if (module.element) defineModuleElement(module.element.name, module.element.load);
}
