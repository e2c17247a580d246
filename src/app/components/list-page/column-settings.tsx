import { useCallback, useEffect, useState } from 'react';
import { Button, Checkbox, Popover, Space } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { EnterpriseConfigPaths as P, type UserPageConfig } from '@core/contracts/sys-cfg';
import { http } from '@core/http';

/** What a page stores in user_page_config: the columns the user hid. */
interface StoredColumns {
  hidden: string[];
}

function parseHidden(config: string): string[] {
  if (!config) return [];
  try {
    const parsed = JSON.parse(config) as Partial<StoredColumns>;
    return Array.isArray(parsed.hidden) ? parsed.hidden.filter((entry): entry is string => typeof entry === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The columns the user hid on a page, saved per user (user_page_config, spec §3) under `pageKey`;
 * no key: nothing is hidden and nothing is saved.
 */
export function useHiddenColumns(pageKey: string | undefined): [string[], (hidden: string[]) => void] {
  const [hidden, setHidden] = useState<string[]>([]);
  useEffect(() => {
    if (!pageKey) return;
    let live = true;
    http
      .get<UserPageConfig>(P.userPageConfigFind, { pageKey }, { hideError: true })
      .then((config) => live && setHidden(parseHidden(config.pageConfig)))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [pageKey]);
  const save = useCallback(
    (next: string[]) => {
      setHidden(next);
      if (pageKey) void http.post(P.userPageConfigSave, { pageKey, pageConfig: JSON.stringify({ hidden: next } satisfies StoredColumns) }).catch(() => undefined);
    },
    [pageKey],
  );
  return [hidden, save];
}

export interface ColumnSettingsProps {
  columns: ReadonlyArray<{ prop: string; label: string }>;
  hidden: readonly string[];
  onChange: (hidden: string[]) => void;
}

/** 列设置: a checkbox per column (at least one stays shown) and 恢复默认. */
export function ColumnSettings({ columns, hidden, onChange }: ColumnSettingsProps) {
  const shown = columns.filter((column) => !hidden.includes(column.prop)).map((column) => column.prop);
  const content = (
    <div className="mes-column-settings" style={{ display: 'flex', flexDirection: 'column', gap: 8, maxHeight: 360, overflowY: 'auto' }}>
      <Checkbox.Group
        value={shown}
        onChange={(values) => {
          if (values.length === 0) return;
          onChange(columns.map((column) => column.prop).filter((prop) => !values.includes(prop)));
        }}
      >
        <Space direction="vertical" size={4}>
          {columns.map((column) => (
            <Checkbox key={column.prop} value={column.prop}>
              {column.label}
            </Checkbox>
          ))}
        </Space>
      </Checkbox.Group>
      <Button size="small" onClick={() => onChange([])} disabled={hidden.length === 0}>
        恢复默认
      </Button>
    </div>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title="列设置" content={content}>
      <Button icon={<SettingOutlined />}>列设置</Button>
    </Popover>
  );
}
