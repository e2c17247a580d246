import { useState } from 'react';
import { App, Button, Dropdown, Space, type MenuProps } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { AuthButton } from '../auth-button/auth-button';
import { splitRowActions } from './list-derive';
import type { ActionBase, ListContext, RowAction, ToolbarAction } from './list-spec';

const NEEDS_SELECTION = '请先选择数据';

/** What an action says once its promise resolved: its own `success`, 删除成功 for key 'delete', else nothing. */
export function successOf(action: Pick<ActionBase, 'key' | 'success'>): string | undefined {
  if (action.success === false) return undefined;
  return action.success ?? (action.key === 'delete' ? '删除成功' : undefined);
}

/**
 * Runs an action: asks 提示/{confirm} first when given (the OK button spins while it runs), and
 * when the action returned a promise that resolved, says its success message and reloads the list.
 */
export function useActionRunner(reload: () => void) {
  const { modal, message } = App.useApp();
  return (run: () => unknown, confirm: string | undefined, danger = true, success?: string): Promise<void> => {
    const execute = async () => {
      const result = run();
      if (result instanceof Promise) {
        await result;
        if (success) void message.success(success);
        reload();
      }
    };
    if (!confirm) return execute().catch(() => undefined);
    return new Promise<void>((resolve) => {
      modal.confirm({
        title: '提示',
        content: confirm,
        okText: '确定',
        cancelText: '取消',
        okButtonProps: { danger },
        onOk: () => execute().catch(() => undefined).finally(resolve),
        onCancel: () => resolve(),
      });
    });
  };
}

interface ToolbarButtonsProps<Row> {
  actions: readonly ToolbarAction<Row>[];
  context: ListContext<Row>;
}

/** The toolbar actions as permission buttons. */
export function ToolbarButtons<Row>({ actions, context }: ToolbarButtonsProps<Row>) {
  const runAction = useActionRunner(context.reload);
  const [running, setRunning] = useState<string | null>(null);
  // A Space of its own: the toolbar's Space sees this component as one child, so two actions would touch.
  return (
    <Space wrap>
      {actions.map((action) => {
        const reason =
          action.needsSelection && context.selectedRows.length === 0 ? NEEDS_SELECTION : action.disabledReason?.(context);
        const onClick = () => {
          setRunning(action.key);
          void runAction(() => action.run(context), action.confirm, action.danger ?? true, successOf(action)).finally(() => setRunning(null));
        };
        return (
          <AuthButton
            key={action.key}
            authority={action.authority}
            type={action.primary ? 'primary' : 'default'}
            danger={action.danger}
            icon={action.icon}
            disabledReason={reason}
            loading={running === action.key && !action.confirm}
            onClick={onClick}
          >
            {action.label}
          </AuthButton>
        );
      })}
    </Space>
  );
}

interface RowActionLinksProps<Row> {
  row: Row;
  /** The permitted actions; each row shows those whose `when` holds. */
  actions: readonly RowAction<Row>[];
  /** Links shown before the rest fold into 更多. */
  visible?: number;
  context: ListContext<Row>;
}

/** The row's actions as links, those beyond `visible` in a 更多 menu; destructive ones ask first either way. */
export function RowActionLinks<Row>({ row, actions, visible, context }: RowActionLinksProps<Row>) {
  const runAction = useActionRunner(context.reload);
  const { modal } = App.useApp();
  const { inline, more } = splitRowActions(actions.filter((action) => action.when?.(row) ?? true), visible);
  const run = (action: RowAction<Row>) => {
    const refusal = action.refuse?.(row);
    if (refusal) {
      modal.warning({ title: `无法${action.label}`, content: refusal, okText: '知道了' });
      return;
    }
    const confirm = typeof action.confirm === 'function' ? action.confirm(row) : action.confirm;
    void runAction(() => action.run(row, context), confirm, action.danger ?? true, successOf(action));
  };
  const menu: MenuProps = {
    items: more.map((action) => ({ key: action.key, danger: action.danger, label: <span data-action={action.key}>{action.label}</span> })),
    onClick: ({ key }) => {
      const action = more.find((candidate) => candidate.key === key);
      if (action) run(action);
    },
  };
  return (
    <Space size={0} wrap>
      {inline.map((action) => (
        <Button key={action.key} type="link" size="small" danger={action.danger} data-action={action.key} onClick={() => run(action)}>
          {action.label}
        </Button>
      ))}
      {more.length > 0 && (
        <Dropdown menu={menu} trigger={['click']}>
          <Button type="link" size="small" className="mes-row-actions-more" icon={<DownOutlined />} iconPlacement="end">
            更多
          </Button>
        </Dropdown>
      )}
    </Space>
  );
}
