// A throwaway module element (<mes-component-fixture>) built with defineModuleElement: the same
// providers, shadow root, antd App and memory router as real module elements, rendering whatever
// the current test hands it. Tests query the shadow root like a user would.
import { type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { defineModuleElement } from '@elements/define-module-element';
import { setMode, setToken, setUser } from '@core/session';

const ELEMENT = 'mes-component-fixture';
let current: () => ReactNode = () => null;

function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" style={{ display: 'none' }}>
      {location.search}
    </output>
  );
}

function FixturePage() {
  return (
    <div style={{ padding: 16 }}>
      {current()}
      <LocationProbe />
    </div>
  );
}

defineModuleElement(ELEMENT, () => Promise.resolve({ default: FixturePage }));

export type FixtureElement = HTMLElement & { token?: string; user?: unknown };

export interface MountOptions {
  /** Initial memory-router location, e.g. '/list?page=3'. */
  path?: string;
  /** Authority codes of the session user. */
  authorities?: string[];
}

/** A session user of the shape the console uses (UserInfo). */
export function testUser(authorities: string[] = []) {
  return {
    userId: 9001,
    username: 'tester',
    nickName: '测试员',
    orgId: 1001,
    orgName: '示例纸箱厂',
    enterpriseId: 8888,
    mobile: '13800000000',
    expireTime: null,
    accountSurplusDay: null,
    remindType: '',
    authorities: authorities.map((authority) => ({ authority })),
    roleBaseResponses: [],
    attrs: { applicationId: 'mes-pc' },
    orgList: [],
  };
}

/** Mounts the fixture element rendering `render()` and waits until its content is on screen. */
export async function mountFixture(render: () => ReactNode, options: MountOptions = {}): Promise<ShadowRoot> {
  current = render;
  await customElements.whenDefined(ELEMENT);
  const el = document.createElement(ELEMENT) as FixtureElement;
  if (options.path) el.setAttribute('path', options.path);
  document.body.appendChild(el);
  el.user = testUser(options.authorities);
  el.token = 'fixture-token';
  await waitFor(() => el.shadowRoot?.querySelector('[data-testid="location"]'), 'the fixture page');
  return el.shadowRoot as ShadowRoot;
}

/** Removes every fixture element and clears the session it set. */
export async function unmountFixtures(): Promise<void> {
  document.querySelectorAll(ELEMENT).forEach((el) => el.remove());
  await new Promise((resolve) => setTimeout(resolve, 50));
  setToken(null);
  setUser(null);
  setMode('standalone');
  sessionStorage.clear();
  current = () => null;
}

/** Polls until `probe` returns a truthy value (or throws with `what` after the timeout). */
export async function waitFor<T>(probe: () => T | null | undefined | false, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The texts of the antd messages currently shown in the shadow root. */
export const messages = (root: ShadowRoot): string[] =>
  [...root.querySelectorAll('.ant-message-notice')].map((notice) => (notice.textContent ?? '').trim());

/** Waits for an antd message with exactly this text. */
export const waitForMessage = (root: ShadowRoot, text: string) =>
  waitFor(() => messages(root).includes(text), `the message 「${text}」`);

export const byText = <E extends HTMLElement = HTMLElement>(root: ParentNode, selector: string, text: string): E | undefined =>
  [...root.querySelectorAll<E>(selector)].find((node) => (node.textContent ?? '').trim() === text);

/** The search part of the fixture's memory-router location. */
export const locationSearch = (root: ShadowRoot): string => root.querySelector('[data-testid="location"]')?.textContent ?? '';

/** Puts files into a file input the way a user's pick does. */
export function pickFiles(input: HTMLInputElement, files: File[]): void {
  const transfer = new DataTransfer();
  for (const file of files) transfer.items.add(file);
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Pastes text into an element as a real paste event would deliver it. */
export function pasteText(target: HTMLElement, text: string): void {
  const transfer = new DataTransfer();
  transfer.setData('text/plain', text);
  target.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true, composed: true }));
}

/** A PNG of the given size drawn on a canvas. */
export async function canvasPng(width: number, height: number, name: string): Promise<File> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (context) {
    context.fillStyle = '#3a7';
    context.fillRect(0, 0, width, height);
  }
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('canvas.toBlob gave nothing');
  return new File([blob], name, { type: 'image/png' });
}

