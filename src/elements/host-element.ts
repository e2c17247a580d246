import type { ComponentType } from 'react';
import r2wc from '@r2wc/react-to-web-component';

/** Props every element of ours takes from its host (attributes are kebab-case: base-url, base-path). */
export interface HostProps {
  token?: string;
  /** UserInfo as a JSON string (attribute) or an object (property). */
  user?: string | object;
  baseUrl?: string;
  path?: string;
  routing?: string;
  basePath?: string;
  /** The open shadow root r2wc renders into. */
  container?: ShadowRoot;
}

export const HOST_PROP_NAMES = ['token', 'user', 'baseUrl', 'path', 'routing', 'basePath'] as const;
type HostPropName = (typeof HOST_PROP_NAMES)[number];

/** Props a host sets as properties only: never reflected to an attribute, so the token stays out of the DOM. */
const PROPERTY_ONLY: readonly HostPropName[] = ['token', 'user'];

// r2wc 2.1 keeps its state under these registered symbols (see @r2wc/core).
const R2WC_PROPS = Symbol.for('r2wc.props');
const R2WC_RENDER = Symbol.for('r2wc.render');
const R2WC_CONTEXT = Symbol.for('r2wc.context');

interface R2wcInternals {
  [R2WC_PROPS]: Record<string, unknown>;
  [R2WC_RENDER]: () => void;
  [R2WC_CONTEXT]?: unknown;
}

type R2wcBase = new () => HTMLElement & {
  connectedCallback(): void;
  disconnectedCallback(): void;
  attributeChangedCallback(name: string, oldValue: string | null, newValue: string | null): void;
};

const attributeToProp = (attribute: string) => attribute.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * Wraps a React component as a custom element (open shadow root) and fixes the r2wc 2.1 pitfalls
 * ARCHITECTURE.md lists: removing an attribute clears its prop, properties set before the element
 * was defined are re-read on upgrade, and unmounting on disconnect waits a macrotask so that a DOM
 * move (disconnect + reconnect) keeps the React state.
 */
export function createHostElement(component: ComponentType<HostProps>): CustomElementConstructor {
  const props = Object.fromEntries(HOST_PROP_NAMES.map((name) => [name, 'string'])) as Record<HostPropName, 'string'>;
  const Base = r2wc(component, { shadow: 'open', props }) as unknown as R2wcBase;

  class HostElement extends Base {
    #unmountTimer: ReturnType<typeof setTimeout> | undefined;

    constructor() {
      super();
      this.#upgradeProperties();
    }

    #internals(): R2wcInternals {
      return this as unknown as R2wcInternals;
    }

    /** A property assigned before `customElements.define` shadows our accessor: move it through the setter. */
    #upgradeProperties() {
      for (const name of HOST_PROP_NAMES) {
        if (Object.prototype.hasOwnProperty.call(this, name)) {
          const value = (this as unknown as Record<string, unknown>)[name];
          delete (this as unknown as Record<string, unknown>)[name];
          (this as unknown as Record<string, unknown>)[name] = value;
        }
      }
    }

    override connectedCallback() {
      clearTimeout(this.#unmountTimer);
      this.#upgradeProperties();
      super.connectedCallback();
    }

    override disconnectedCallback() {
      clearTimeout(this.#unmountTimer);
      this.#unmountTimer = setTimeout(() => {
        if (!this.isConnected && this.#internals()[R2WC_CONTEXT]) super.disconnectedCallback();
      }, 0);
    }

    override attributeChangedCallback(name: string, oldValue: string | null, newValue: string | null) {
      if (newValue === null || newValue === '') {
        const internals = this.#internals();
        const prop = attributeToProp(name);
        if (internals[R2WC_PROPS][prop] !== undefined) {
          delete internals[R2WC_PROPS][prop];
          internals[R2WC_RENDER]();
        }
        return;
      }
      super.attributeChangedCallback(name, oldValue, newValue);
    }
  }

  for (const name of PROPERTY_ONLY) {
    Object.defineProperty(HostElement.prototype, name, {
      configurable: true,
      enumerable: true,
      get(this: R2wcInternals) {
        return this[R2WC_PROPS][name];
      },
      set(this: R2wcInternals, value: unknown) {
        if (value === null || value === undefined || value === '') delete this[R2WC_PROPS][name];
        else this[R2WC_PROPS][name] = value;
        this[R2WC_RENDER]();
      },
    });
  }

  return HostElement;
}

/** Defines the element once per page (several bundles or scripts may try). */
export function defineOnce(name: string, element: CustomElementConstructor): void {
  if (!customElements.get(name)) customElements.define(name, element);
}

/** Events our elements emit: bubbling and composed, so hosts can listen on document. */
export function emitHostEvent(container: ShadowRoot | undefined, type: string, detail?: unknown): void {
  container?.host.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
}
