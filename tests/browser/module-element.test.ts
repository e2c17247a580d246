// The module-element mechanism (src/elements/define-module-element.ts) and the r2wc pitfalls the
// host element handles: properties set before the element is defined, and a DOM move keeping state.
import { expect } from 'chai';
import { defineModuleElement } from '@elements/define-module-element';
import { setMode, setToken, setUser } from '@core/session';
import { byText, loginInput, mountConsole, realLogin, shadow, unmountAll, waitFor } from './support/console';

type HostLike = HTMLElement & { token?: string; user?: unknown };

describe('module elements and r2wc pitfalls', () => {
  afterEach(async () => {
    document.querySelectorAll('mes-test-probe, mes-test-probe-login').forEach((el) => el.remove());
    await unmountAll();
    setToken(null);
    setUser(null);
    setMode('standalone');
  });

  it('keeps properties a host set before the element was defined', async () => {
    const qc = await realLogin('qc', 'qc123456');
    const el = document.createElement('mes-test-probe') as HostLike;
    // Set while the tag is still unknown: own properties that would shadow the element's accessors.
    el.user = qc.user;
    el.token = qc.token;
    document.body.appendChild(el);
    defineModuleElement('mes-test-probe', () => import('./fixtures/probe.page'));
    await customElements.whenDefined('mes-test-probe');
    const probe = await waitFor(
      () => el.shadowRoot?.querySelector<HTMLElement>('[data-testid="probe-page"]'),
      'the module page with the early session',
    );
    await waitFor(() => probe.textContent?.includes(String(qc.user.nickName)), 'the user name in the page');
    expect(el.getAttribute('token'), 'token not reflected into an attribute').to.equal(null);
    // antd styles of the module element stay in its own shadow root too.
    expect([...shadow(el).querySelectorAll('style')].length).to.be.greaterThan(0);
  });

  it('shows its own login page without a session', async () => {
    defineModuleElement('mes-test-probe-login', () => import('./fixtures/probe.page'));
    const el = document.body.appendChild(document.createElement('mes-test-probe-login'));
    await waitFor(() => el.shadowRoot && loginInput(el), 'the login page of the module element');
    expect(el.shadowRoot!.querySelector('[data-testid="probe-page"]')).to.equal(null);
  });

  it('keeps its state when the host moves it in the DOM', async () => {
    const admin = await realLogin('admin', 'admin123');
    const el = await mountConsole({ path: '/mold-visualize' });
    el.user = admin.user;
    el.token = admin.token;
    const root = shadow(el);
    await waitFor(() => root.querySelector('[data-testid="module-pending"]')?.textContent?.includes('模具可视化'), 'the mould visualisation page');
    // Navigate inside the console, so that the state differs from the `path` attribute.
    const group = await waitFor(
      () => [...root.querySelectorAll<HTMLElement>('.ant-menu-submenu-title')].find((t) => t.textContent?.includes('模具管理')),
      'the 模具管理 group',
    );
    group.click();
    const item = await waitFor(
      () => [...root.querySelectorAll<HTMLElement>('.ant-menu-item')].find((t) => t.textContent?.trim() === '模具档案'),
      'the 模具档案 item',
    );
    item.click();
    await waitFor(() => root.querySelector('[data-testid="module-pending"]')?.textContent?.includes('模具档案'), 'the mould page');

    const wrapper = document.body.appendChild(document.createElement('section'));
    wrapper.appendChild(el); // disconnect + reconnect in one task
    await new Promise((r) => setTimeout(r, 100));
    expect(el.shadowRoot!.querySelector('[data-testid="module-pending"]')?.textContent).to.contain('模具档案');
    expect(byText(el.shadowRoot!, 'button', '退出登录')).to.not.equal(undefined);
    wrapper.remove();
  });
});
