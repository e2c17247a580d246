import { useMemo, useState } from 'react';
import { Alert, Modal, Typography } from 'antd';
import type { IssuedMachineKey, WorkMachine } from '@core/contracts/modeling';
import { ListPage } from '@app/components';
import { workMachineList } from '../shop-floor.list';

/** 一体机 tab (also the /oneMachine page): the shop-floor terminals, the devices each reports for, and their machine keys. */
export default function WorkMachinesTab() {
  const [issued, setIssued] = useState<{ row: WorkMachine; key: IssuedMachineKey } | null>(null);
  const spec = useMemo(() => workMachineList({ keyIssued: (row, key) => setIssued({ row, key }) }), []);
  return (
    <>
      <ListPage spec={spec} />
      <Modal open={issued !== null} title={`一体机密钥：${issued?.row.machineName ?? ''}`} onCancel={() => setIssued(null)} onOk={() => setIssued(null)} okText="我已复制" cancelButtonProps={{ style: { display: 'none' } }} destroyOnHidden>
        <Alert type="warning" showIcon message="密钥只显示这一次，关闭后无法再查看。请立即复制，配置到一体机或网关的请求头 X_MACHINE_KEY。" style={{ marginBottom: 12 }} />
        <Typography.Paragraph className="mes-machine-key" copyable={{ text: issued?.key.key }} code style={{ wordBreak: 'break-all' }}>
          {issued?.key.key}
        </Typography.Paragraph>
      </Modal>
    </>
  );
}
