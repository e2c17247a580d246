import { useState } from 'react';
import { Button, Card, Flex, Form, Input, Result, Space, Table, Tag, Typography } from 'antd';
import { KeyOutlined, ReloadOutlined } from '@ant-design/icons';
import { MACHINE_LOG_LEVEL, type MachineLog, type OwnMachineLog } from '@core/contracts/device-ledger';
import { localStorageOf } from '@core/storage';
import { useLoaded } from '@app/components';
import { machineLogApi } from '../device-ledger.api';
import { LEVEL_OPTIONS } from '../machine-log.list';

/** Where the kiosk keeps its key: not under the console's mes_ prefix, so a user's logout on the kiosk keeps it. */
const KEY_STORAGE = 'kiosk_machine_key';
const PAGE_SIZE = 20;

const levelTag = (level: number) => <Tag color={LEVEL_OPTIONS.find((option) => option.value === level)?.color}>{MACHINE_LOG_LEVEL.label(level)}</Tag>;

/** 输入一体机密钥: the key issued on /oneMachine, kept on this kiosk once it opened the log. */
function KeyForm({ problem, onKey }: { problem: string | null; onKey: (key: string) => void }) {
  return (
    <Card className="mes-machine-key-form" style={{ maxWidth: 520, margin: '48px auto' }}>
      <Result
        icon={<KeyOutlined />}
        title="请输入一体机密钥"
        subTitle="密钥在「系统配置 → 一体机」中生成，只显示一次；输入后本机会记住它。"
      />
      <Form layout="vertical" onFinish={(values: { key: string }) => onKey(values.key.trim())}>
        <Form.Item name="key" label="一体机密钥" rules={[{ required: true, whitespace: true, message: '请输入一体机密钥' }]} validateStatus={problem ? 'error' : undefined} help={problem ?? undefined}>
          <Input.Password placeholder="mk_…" autoComplete="off" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block>
          查看异常日志
        </Button>
      </Form>
    </Card>
  );
}

/**
 * /machineLog (public): 一体机异常日志 on the kiosk itself. Read with the machine's key: the page
 * shows this machine's own exceptions and nothing else of the factory.
 */
export default function MachineLogPage() {
  const [key, setKey] = useState<string | null>(() => localStorageOf().getItem(KEY_STORAGE));
  const [page, setPage] = useState(1);
  // The key is kept once it opened the log, and forgotten when the server refuses it.
  const loaded = useLoaded(
    (): Promise<{ log: OwnMachineLog | null; problem: string | null } | null> =>
      key
        ? machineLogApi.own(key, { page, limit: PAGE_SIZE }).then(
            (log) => {
              localStorageOf().setItem(KEY_STORAGE, key);
              return { log, problem: null };
            },
            (error: unknown) => {
              localStorageOf().removeItem(KEY_STORAGE);
              return { log: null, problem: error instanceof Error ? error.message : '读取失败' };
            },
          )
        : Promise.resolve(null),
    `${key ?? ''}:${page}`,
    null,
  );
  const { loading, reload } = loaded;
  const log = loaded.data?.log ?? null;
  const problem = loaded.data?.problem ?? null;

  if (!key || problem) {
    return (
      <KeyForm
        problem={problem}
        onKey={(next) => {
          setPage(1);
          setKey(next);
        }}
      />
    );
  }
  const forget = () => {
    localStorageOf().removeItem(KEY_STORAGE);
    setKey(null);
  };
  return (
    <div className="mes-machine-log-kiosk" style={{ padding: 24, maxWidth: 1280, margin: '0 auto' }}>
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          一体机异常日志{log ? ` · ${log.machineName}（${log.machineCode}）` : ''}
        </Typography.Title>
        <Space>
          <Button icon={<ReloadOutlined />} onClick={reload} loading={loading}>
            刷新
          </Button>
          <Button onClick={forget}>更换密钥</Button>
        </Space>
      </Flex>
      <Table<MachineLog>
        rowKey="id"
        size="middle"
        loading={loading}
        dataSource={log?.list ?? []}
        locale={{ emptyText: '暂无异常记录' }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: log?.total ?? 0, showSizeChanger: false, onChange: setPage, showTotal: (total) => `共 ${total} 条` }}
        columns={[
          { title: '异常时间', dataIndex: 'occurredAt', width: 180 },
          { title: '级别', dataIndex: 'level', width: 80, render: levelTag },
          { title: '异常代码', dataIndex: 'code', width: 110 },
          { title: '异常信息', dataIndex: 'message', width: 260 },
          { title: '设备编号', dataIndex: 'deviceNo', width: 100 },
          { title: '详细信息', dataIndex: 'detail' },
        ]}
      />
    </div>
  );
}
