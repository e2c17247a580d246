// <mes-console> in a real Chromium page, talking to the real reference server (issue 2 §6):
// shadow-root styles, hostile host CSS, popups inside the shadow root, host session in and out,
// `navigate` events, login page without a session.
import { expect } from 'chai';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import { sessionStore, setMode, setToken, setUser } from '@core/session';
import {
  antdStylesInHead,
  byText,
  loginInput,
  mountConsole,
  realLogin,
  settle,
  shadow,
  unmountAll,
  waitFor,
  type ConsoleElement,
} from './support/console';

const RED = 'rgb(255, 0, 0)';

/** A real mouse click in the middle of the node, once animations that move it have finished. */
async function clickAt(node: Element): Promise<void> {
  const root = node.getRootNode();
  if (root instanceof ShadowRoot || root instanceof Document) await settle(root);
  const box = node.getBoundingClientRect();
  await sendMouse({ type: 'click', position: [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)] });
}

async function typeInto(input: HTMLInputElement, text: string): Promise<void> {
  input.focus();
  await sendKeys({ type: text });
}

const logoutButton = (el: HTMLElement) => byText(shadow(el), 'button', '退出登录');

describe('<mes-console>', () => {
  afterEach(async () => {
    await unmountAll();
    document.querySelectorAll('style[data-test-host-css]').forEach((s) => s.remove());
    setToken(null);
    setUser(null);
    setMode('standalone');
  });

  it('shows its own login page without a session', async () => {
    const el = await mountConsole();
    const input = await waitFor(() => loginInput(el), 'the login form');
    expect(input.placeholder).to.equal('请输入用户名');
    expect(shadow(el).querySelector('input[placeholder="请输入密码"]')).to.not.equal(null);
    expect(byText(shadow(el), 'button', '登录')).to.not.equal(undefined);
    expect(sessionStore.getState().token).to.equal(null);
  });

  it('puts antd styles only into its shadow root, none into the host document', async () => {
    const headBefore = document.head.querySelectorAll('style').length;
    const adoptedBefore = document.adoptedStyleSheets.length;
    const el = await mountConsole();
    await waitFor(() => loginInput(el), 'the login form');
    const inside = [...shadow(el).querySelectorAll('style')].filter((s) => /\.ant-/.test(s.textContent ?? ''));
    expect(inside.length, 'antd style tags inside the shadow root').to.be.greaterThan(0);
    expect(antdStylesInHead(), 'antd style tags in the host head').to.equal(0);
    expect(document.head.querySelectorAll('style').length).to.equal(headBefore);
    expect(document.adoptedStyleSheets.length).to.equal(adoptedBefore);
  });

  it('is not reached by hostile host CSS (button { background: red })', async () => {
    const hostile = document.createElement('style');
    hostile.dataset.testHostCss = '';
    hostile.textContent = '* { margin: 0; font-family: serif } button { background: red; color: white }';
    document.head.appendChild(hostile);
    const hostButton = document.body.appendChild(document.createElement('button'));
    expect(getComputedStyle(hostButton).backgroundColor, 'host button is red').to.equal(RED);
    hostButton.remove();

    const el = await mountConsole();
    await waitFor(() => loginInput(el), 'the login form');
    const submit = await waitFor(() => byText(shadow(el), 'button', '登录'), 'the 登录 button');
    const style = getComputedStyle(submit);
    expect(style.backgroundColor).to.not.equal(RED);
    expect(style.backgroundColor).to.not.equal('rgba(0, 0, 0, 0)');
    expect(style.fontFamily).to.not.equal('serif');
  });

  it('shows a business error message inside the shadow root (wrong password)', async () => {
    const el = await mountConsole();
    await typeInto(await waitFor(() => loginInput(el), 'the login form'), 'operator');
    await typeInto(shadow(el).querySelector<HTMLInputElement>('input[placeholder="请输入密码"]')!, 'not-the-password');
    await clickAt(byText(shadow(el), 'button', '登录')!);
    const notice = await waitFor(
      () => [...shadow(el).querySelectorAll('.ant-message-notice')].find((n) => n.textContent?.includes('用户名或密码错误')),
      'the 用户名或密码错误 message in the shadow root',
    );
    expect(getComputedStyle(notice).display).to.not.equal('none');
    expect(document.querySelector('.ant-message'), 'no message in the host document').to.equal(null);
    expect(loginInput(el), 'still on the login page').to.not.equal(null);
  });

  it('follows the token attribute: set → console, removed → login page', async () => {
    const admin = await realLogin('admin', 'admin123');
    const el = await mountConsole();
    await waitFor(() => loginInput(el), 'the login form');

    el.setAttribute('token', admin.token);
    await waitFor(() => logoutButton(el), 'the console layout after setting token');
    expect(loginInput(el)).to.equal(null);
    expect(shadow(el).textContent).to.contain('系统管理员');
    expect(sessionStore.getState().mode).to.equal('embedded');

    el.removeAttribute('token');
    await waitFor(() => loginInput(el), 'the login page after removing token');
    expect(logoutButton(el)).to.equal(undefined);
    expect(sessionStore.getState().token).to.equal(null);
  });

  it('follows the token and user properties without reflecting the token into the DOM', async () => {
    const planner = await realLogin('planner', 'planner123');
    const el = await mountConsole();
    await waitFor(() => loginInput(el), 'the login form');

    el.user = planner.user;
    el.token = planner.token;
    await waitFor(() => logoutButton(el), 'the console layout after setting the properties');
    expect(shadow(el).textContent).to.contain(String(planner.user.nickName));
    expect(el.getAttribute('token'), 'token never written into an attribute').to.equal(null);

    el.token = '';
    await waitFor(() => loginInput(el), 'the login page after clearing the token property');
  });

  it('accepts a mes-session event from the host', async () => {
    const qc = await realLogin('qc', 'qc123456');
    const el = await mountConsole();
    await waitFor(() => loginInput(el), 'the login form');
    window.dispatchEvent(new CustomEvent('mes-session', { detail: { token: qc.token, user: qc.user } }));
    await waitFor(() => logoutButton(el), 'the console layout after a mes-session event');
    expect(shadow(el).textContent).to.contain(String(qc.user.nickName));
  });

  it('renders the Select dropdown (factory switch) inside the shadow root', async () => {
    const admin = await realLogin('admin', 'admin123');
    const el = await mountConsole({ token: admin.token });
    const select = await waitFor(
      () => shadow(el).querySelector<HTMLElement>('[data-testid="org-switch"]'),
      'the factory switch',
    );
    await clickAt(select.closest('.ant-select') ?? select);
    const dropdown = await waitFor(
      () => shadow(el).querySelector<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden)'),
      'the dropdown inside the shadow root',
    );
    await waitFor(() => dropdown.textContent?.includes('示例纸板厂'), 'both factories listed');
    expect(dropdown.textContent).to.contain('示例纸箱厂');
    expect(getComputedStyle(dropdown).position, 'dropdown is styled').to.equal('absolute');
    expect(document.querySelector('.ant-select-dropdown'), 'no dropdown in the host document').to.equal(null);
  });

  it('renders a Modal inside the shadow root (no-permission dialog) and reports the logout', async () => {
    const noperm = await realLogin('noperm', 'noperm123');
    const events: string[] = [];
    const onLogout = () => events.push('mes-logout');
    document.addEventListener('mes-logout', onLogout);
    try {
      const el = await mountConsole({ token: noperm.token });
      const modal = await waitFor(
        () => [...shadow(el).querySelectorAll<HTMLElement>('.ant-modal')].find((m) => m.textContent?.includes('当前工厂暂无权限')),
        'the no-permission modal inside the shadow root',
      );
      expect(modal.textContent).to.contain('当前工厂暂无权限，请联系管理员分配权限后重新登录');
      expect(modal.textContent).to.contain('提示');
      expect(getComputedStyle(modal).position, 'modal is styled').to.equal('relative');
      expect(document.querySelector('.ant-modal'), 'no modal in the host document').to.equal(null);

      await clickAt(byText(modal, 'button', '重新登录')!);
      await waitFor(() => loginInput(el), 'the login page after 重新登录');
      await waitFor(() => events.length > 0, 'the mes-logout event');
    } finally {
      document.removeEventListener('mes-logout', onLogout);
    }
  });

  it('emits a composed, bubbling navigate event when the user navigates', async () => {
    const admin = await realLogin('admin', 'admin123');
    const paths: string[] = [];
    const onNavigate = (event: Event) => paths.push((event as CustomEvent<{ path: string }>).detail.path);
    document.addEventListener('navigate', onNavigate);
    try {
      const el = await mountConsole({ path: '/home' });
      (el as ConsoleElement).user = admin.user;
      (el as ConsoleElement).token = admin.token;
      const root = shadow(el);
      const group = await waitFor(
        () => [...root.querySelectorAll<HTMLElement>('.ant-menu-submenu-title')].find((t) => t.textContent?.includes('模具管理')),
        'the 模具管理 menu group',
      );
      group.click();
      const item = await waitFor(
        () => [...root.querySelectorAll<HTMLElement>('.ant-menu-item')].find((t) => t.textContent?.includes('模具档案')),
        'the 模具档案 menu item',
      );
      item.click();
      await waitFor(() => paths.includes('/mold-info'), 'navigate {path: "/mold-info"}');
      const pending = await waitFor(
        () => root.querySelector<HTMLElement>('[data-testid="module-pending"]'),
        'the module-pending notice',
      );
      await waitFor(() => pending.textContent?.includes('模具档案'), 'the notice naming the page');
      expect(pending.textContent).to.contain('模块待开发');
    } finally {
      document.removeEventListener('navigate', onNavigate);
    }
  });
});
