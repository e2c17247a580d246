import { useMemo, useState } from 'react';
import { Alert, App, Input, Modal, Typography } from 'antd';
import type { CreatedIntegrationKey } from '@core/contracts/work-order/erp';
import { ListPage, useListReload } from '@app/components';
import { integrationKeyApi } from '../erp-log.api';
import { integrationKeyList } from '../erp-log.list';

/** 接口密钥: the factory's keys; a new key is shown once, then only its prefix. */
export default function KeysTab() {
  const { message } = App.useApp();
  const [list, reload] = useListReload();
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState('');
  const [saving, setSaving] = useState(false);
  const [created, setCreated] = useState<CreatedIntegrationKey | null>(null);
  const spec = useMemo(
    () =>
      integrationKeyList(
        () => {
          setName('');
          setCreating(true);
        },
        (row) => integrationKeyApi.revoke(row.id),
      ),
    [],
  );
  const save = () => {
    if (!name.trim()) {
      void message.warning('请输入密钥名称');
      return;
    }
    setSaving(true);
    integrationKeyApi
      .create(name.trim())
      .then((key) => {
        setCreating(false);
        setCreated(key);
        void reload();
      })
      .catch(() => undefined)
      .finally(() => setSaving(false));
  };
  return (
    <>
      <ListPage handle={list} spec={spec} />
      <Modal open={creating} title="新增接口密钥" okText="确定" cancelText="取消" confirmLoading={saving} onOk={save} onCancel={() => setCreating(false)} destroyOnHidden>
        <Typography.Paragraph type="secondary">ERP调用订单同步接口时在请求头 X-Integration-Key 中携带此密钥，密钥只属于当前工厂。</Typography.Paragraph>
        <Input className="mes-key-name" placeholder="请输入密钥名称，如：金蝶ERP" maxLength={50} value={name} onChange={(event) => setName(event.target.value)} onPressEnter={save} />
      </Modal>
      <Modal open={!!created} title="接口密钥已生成" okText="我已保存" cancelButtonProps={{ style: { display: 'none' } }} onOk={() => setCreated(null)} onCancel={() => setCreated(null)} destroyOnHidden>
        <Alert type="warning" showIcon message="密钥只显示这一次，关闭后无法再次查看，请立即复制保存。" style={{ marginBottom: 12 }} />
        <Typography.Paragraph className="mes-new-key" copyable={{ text: created?.key ?? '' }} code>
          {created?.key}
        </Typography.Paragraph>
      </Modal>
    </>
  );
}
