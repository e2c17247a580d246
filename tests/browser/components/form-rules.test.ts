// Form rules as a user meets them: a required field's message names its label (not its
// placeholder), and the device editor's 保存 follows the device add/edit authorities.
import { expect } from 'chai';
import { createElement } from 'react';
import { EditFormDialog, requiredMessage, type FormField } from '@app/components/form-dialog';
import { byText, mountFixture, unmountFixtures, waitFor } from './support/fixture';
import { mountConsole, realLogin, shadow, unmountAll } from '../support/console';

const CODE_FIELD: FormField = { name: 'code', label: '原纸编码', kind: 'text', required: true, placeholder: '如 K250' };

describe('form rules', () => {
  afterEach(async () => {
    await unmountFixtures();
    await unmountAll();
  });

  it('names the label, not the placeholder, when a required field is left empty', async () => {
    const submitted: unknown[] = [];
    const root = await mountFixture(() =>
      createElement(EditFormDialog<{ code: string }>, {
        title: '新增原纸',
        fields: [CODE_FIELD],
        onSubmit: async (values) => void submitted.push(values),
        onClose: () => undefined,
      }),
    );
    const ok = await waitFor(() => byText<HTMLButtonElement>(root, '.ant-modal button', '确定'), 'the 确定 button');
    ok.click();
    const explain = await waitFor(
      () => root.querySelector<HTMLElement>('.ant-form-item-explain-error')?.textContent?.trim(),
      'the required message',
    );
    expect(explain).to.equal(requiredMessage(CODE_FIELD));
    expect(explain).to.equal('请输入原纸编码');
    expect(explain).to.not.contain('如 K250');
    expect(submitted, 'nothing submitted').to.deep.equal([]);
  });

  it('hides 保存 on /edit-device without the device add/edit authorities, shows it to admin', async () => {
    // No seed account can open /edit-device without these codes (its page is opened by them), so
    // the admin session is reused with exactly the two action codes taken away.
    const admin = await realLogin('admin', 'admin123');
    const saveButton = (root: ShadowRoot) => byText(root, '.mes-edit-device-actions button', '保存');

    const full = await mountConsole({ path: '/edit-device' });
    full.user = admin.user;
    full.token = admin.token;
    const fullRoot = shadow(full);
    await waitFor(() => saveButton(fullRoot), 'admin sees 保存');
    await unmountAll();

    const withheld = new Set(['ACTION_MODELING_DEVICE_ADD', 'ACTION_MODELING_DEVICE_EDIT']);
    const authorities = (admin.user.authorities as { authority: string }[]).filter((a) => !withheld.has(a.authority));
    expect(authorities.length, 'the admin had both codes').to.equal((admin.user.authorities as unknown[]).length - 2);
    const limited = await mountConsole({ path: '/edit-device' });
    limited.user = { ...admin.user, authorities };
    limited.token = admin.token;
    const root = shadow(limited);
    await waitFor(() => byText(root, '.mes-edit-device-actions button', '取消'), 'the device editor actions');
    expect(root.querySelector('.mes-edit-device-title')?.textContent).to.contain('新增设备');
    expect(saveButton(root), 'no 保存 without ACTION_MODELING_DEVICE_ADD').to.equal(undefined);
  });
});
