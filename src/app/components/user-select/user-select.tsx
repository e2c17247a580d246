import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { Empty, Flex, Select, Spin } from 'antd';
import type { UserBrief, UserOption } from '@core/contracts/account';
import { personLabel } from '@core/format';
import { factoryUsersApi } from './users.api';

type LoadState = 'idle' | 'loading' | 'done' | 'failed';

export interface UserSelectProps {
  /** User ids (one id unless `multiple`). */
  value?: number[] | number | null;
  onChange?: (value: number[] | number | undefined) => void;
  multiple?: boolean;
  /** Users already chosen, named without loading the list (e.g. a detail's auditorUsers). */
  knownUsers?: readonly UserBrief[];
  disabled?: boolean;
  placeholder?: string;
  style?: CSSProperties;
  /** Set by Form.Item so the label points at the control. */
  id?: string;
}

const NO_USERS: readonly UserBrief[] = [];
const asIds = (value: number[] | number | null | undefined): number[] => (Array.isArray(value) ? value : typeof value === 'number' ? [value] : []);

function Notice({ state, empty }: { state: LoadState; empty: boolean }) {
  if (state === 'loading' || state === 'idle')
    return (
      <Flex gap={8} justify="center" align="center" className="mes-user-select-loading" style={{ padding: 8 }}>
        <Spin size="small" />
        <span>加载人员中…</span>
      </Flex>
    );
  const text = state === 'failed' ? '人员加载失败，请重新打开' : empty ? '当前工厂暂无人员' : '没有匹配的人员';
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} />;
}

/**
 * Picks users of the current factory, shown as 昵称（用户名） and searched by either. The list loads
 * on first opening, or at once when a chosen id has no known name; a chosen user who no longer
 * works in the factory stays visible as such, so it can be removed.
 */
export function UserSelect({ value, onChange, multiple = false, knownUsers = NO_USERS, disabled, placeholder = '请选择人员', style, id }: UserSelectProps) {
  const [state, setState] = useState<LoadState>('idle');
  const [users, setUsers] = useState<UserOption[]>([]);
  const requested = useRef(false);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  const load = () => {
    if (requested.current) return;
    requested.current = true;
    setState('loading');
    factoryUsersApi.all().then(
      (list) => {
        if (!live.current) return;
        setUsers(list);
        setState('done');
      },
      () => {
        // The http layer has shown the error; the next opening tries again.
        if (!live.current) return;
        requested.current = false;
        setState('failed');
      },
    );
  };

  const ids = asIds(value);
  const byId = new Map<number, { value: number; label: string; disabled?: boolean }>();
  for (const user of knownUsers) byId.set(user.userId, { value: user.userId, label: personLabel(user) });
  for (const user of users) {
    // A disabled account cannot be picked; one already chosen stays shown, and removable.
    const label = user.status === 0 ? `${personLabel(user)}（已禁用）` : personLabel(user);
    byId.set(user.userId, { value: user.userId, label, disabled: user.status === 0 && !ids.includes(user.userId) });
  }
  const named = [...byId.values()];
  const unnamed = ids.filter((userId) => !named.some((option) => option.value === userId));
  const options = unnamed.length
    ? [...named, ...unnamed.map((userId) => ({ value: userId, label: state === 'done' ? `不在当前工厂的人员（ID ${userId}）` : `ID ${userId}` }))]
    : named;

  // A chosen id without a known name: load the list once to name it.
  const unnamedChosen = ids.some((userId) => !knownUsers.some((user) => user.userId === userId));
  useEffect(() => {
    if (unnamedChosen && state === 'idle') load();
  });

  return (
    <Select<number[] | number>
      id={id}
      className="mes-user-select"
      data-state={state}
      mode={multiple ? 'multiple' : undefined}
      value={multiple ? ids : ids[0]}
      onChange={(next) => onChange?.(next ?? undefined)}
      options={options}
      showSearch={{ optionFilterProp: 'label' }}
      allowClear
      disabled={disabled}
      placeholder={placeholder}
      loading={state === 'loading'}
      onOpenChange={(open) => open && load()}
      notFoundContent={<Notice state={state} empty={users.length === 0} />}
      style={{ width: '100%', ...style }}
    />
  );
}
