import { expect } from 'chai';
import { createElement, Fragment } from 'react';
import { sendMouse } from '@web/test-runner-commands';
import { AuthButton } from '@app/components/auth-button';
import { byText, mountFixture, unmountFixtures, waitFor } from './support/fixture';

describe('AuthButton', () => {
  afterEach(unmountFixtures);

  it('is absent without its authority code and explains a disabled state in a tooltip', async () => {
    const root = await mountFixture(
      () =>
        createElement(
          Fragment,
          null,
          createElement(AuthButton, { authority: 'ACTION_STAFF_ADD' }, '新增'),
          createElement(AuthButton, { authority: 'ACTION_STAFF_DELETE' }, '删除'),
          createElement(AuthButton, { authority: 'ACTION_STAFF_ADD', disabledReason: '请先选择部门' }, '批量新增'),
          createElement(AuthButton, null, '刷新'),
        ),
      { authorities: ['ACTION_STAFF_ADD'] },
    );
    await waitFor(() => byText(root, 'button', '新增'), 'the 新增 button');
    expect(byText(root, 'button', '删除'), 'no 删除 without ACTION_STAFF_DELETE').to.equal(undefined);
    expect(byText(root, 'button', '刷新'), 'a button without a code always shows').to.not.equal(undefined);
    const batch = byText<HTMLButtonElement>(root, 'button', '批量新增')!;
    expect(batch.disabled).to.equal(true);
    const box = batch.getBoundingClientRect();
    await sendMouse({ type: 'move', position: [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)] });
    const tip = await waitFor(() => root.querySelector('.ant-tooltip'), 'the tooltip');
    expect(tip.textContent).to.equal('请先选择部门');
    await sendMouse({ type: 'move', position: [0, 0] });
  });
});
