import { useState } from 'react';
import { App, Button, Space } from 'antd';
import { AuthButton } from '../auth-button/auth-button';
import { useCan } from '../auth-button/use-authorities';
import type { ListContext, RowAction, ToolbarAction } from './list-spec';

const NEEDS_SELECTION = '请先选择数据';

/**
 * Runs an action: asks 提示/{confirm} first when given (the OK button spins while it runs), and
 * reloads the list when the action returned a promise that resolved.
 */
export function useActionRunner(reload: () => void) {
  const { modal } = App.useApp();
  return (run: () => unknown, confirm: string | undefined, danger = true): Promise<void> => {
    const execute = async () => {
      const result = run();
      if (result instanceof Promise) {
        await result;
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
  return (
    <>
      {actions.map((action) => {
        const reason =
          action.needsSelection && context.selectedRows.length === 0 ? NEEDS_SELECTION : action.disabledReason?.(context);
        const onClick = () => {
          setRunning(action.key);
          void runAction(() => action.run(context), action.confirm, action.danger ?? true).finally(() => setRunning(null));
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
    </>
  );
}

interface RowActionLinksProps<Row> {
  row: Row;
  actions: readonly RowAction<Row>[];
  context: ListContext<Row>;
}

/** The row's actions as links: only those the user may use and whose `when` holds for the row. */
export function RowActionLinks<Row>({ row, actions, context }: RowActionLinksProps<Row>) {
  const can = useCan();
  const runAction = useActionRunner(context.reload);
  const shown = actions.filter((action) => can(action.authority) && (action.when?.(row) ?? true));
  return (
    <Space size={0} wrap>
      {shown.map((action) => {
        const confirm = typeof action.confirm === 'function' ? action.confirm(row) : action.confirm;
        return (
          <Button
            key={action.key}
            type="link"
            size="small"
            danger={action.danger}
            data-action={action.key}
            onClick={() => void runAction(() => action.run(row, context), confirm, action.danger ?? true)}
          >
            {action.label}
          </Button>
        );
      })}
    </Space>
  );
}
