import { useEffect, useState, type ReactNode } from 'react';
import { Button, Form } from 'antd';
import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { FILTER_DEBOUNCE_MS, INPUT_DEBOUNCE_MS } from '@core/constants';
import { FilterControl, type ChangeKind } from './filter-control';
import type { FilterItem, FilterValue, FilterValues } from './filter-form.types';
import { compactValues, sameValues } from './filter-values';
import { useDebouncedCommit } from './use-debounced-commit';

export interface FilterFormProps {
  items: readonly FilterItem[];
  /** The applied filters. */
  value: FilterValues;
  /** Called once things are quiet (400 ms after picking, 500 ms after typing) with all filters. */
  onChange: (values: FilterValues) => void;
  /** Items shown while collapsed; default 3. */
  visibleCount?: number;
  defaultCollapsed?: boolean;
  /** Rendered after the items (e.g. the filter summary). */
  extra?: ReactNode;
}

const DELAY: Record<ChangeKind, number> = { text: INPUT_DEBOUNCE_MS, pick: FILTER_DEBOUNCE_MS };

/** A row of filter controls declared as data; changes are debounced and merged into one onChange. */
export function FilterForm({ items, value, onChange, visibleCount = 3, defaultCollapsed = true, extra }: FilterFormProps) {
  const [draft, setDraft] = useState<FilterValues>(value);
  const [applied, setApplied] = useState<FilterValues>(value);
  // What this form sent that has not come back as `value` yet: the URL renders it in a transition,
  // and the user may pick again before it does.
  const [sent, setSent] = useState<FilterValues[]>([]);
  const [replaced, setReplaced] = useState(0);
  const [collapsed, setCollapsed] = useState(defaultCollapsed);
  const { schedule, flush, cancel } = useDebouncedCommit<FilterValues>((next) => {
    if (sameValues(next, sent.at(-1) ?? value)) return;
    const values = compactValues(next);
    setSent([...sent, values]);
    onChange(values);
  });

  if (!sameValues(value, applied)) {
    setApplied(value);
    const own = sent.findIndex((values) => sameValues(values, value));
    if (own >= 0) {
      // Our own change arriving: keep what was picked since (and its pending commit).
      setSent(sent.slice(own + 1));
    } else {
      // A new value from outside (reset, URL) replaces what is being edited, pending changes included.
      setSent([]);
      setDraft(value);
      setReplaced(replaced + 1);
    }
  }
  useEffect(() => cancel(), [replaced, cancel]);

  const change = (prop: string, next: FilterValue, kind: ChangeKind) => {
    const merged = { ...draft, [prop]: next };
    setDraft(merged);
    schedule(merged, DELAY[kind]);
  };

  const collapsible = items.length > visibleCount;
  const shown = collapsible && collapsed ? items.slice(0, visibleCount) : items;

  return (
    <Form layout="inline" className="mes-filter-form" data-collapsed={collapsible && collapsed} style={{ rowGap: 12 }}>
      {shown.map((item) => (
        <Form.Item key={item.prop} label={item.label} style={{ marginInlineEnd: 16 }}>
          <FilterControl
            item={item}
            value={draft[item.prop]}
            onChange={(next, kind) => change(item.prop, next, kind)}
            onSubmit={flush}
          />
        </Form.Item>
      ))}
      {collapsible && (
        <Form.Item style={{ marginInlineEnd: 8 }}>
          <Button type="link" onClick={() => setCollapsed(!collapsed)} icon={collapsed ? <DownOutlined /> : <UpOutlined />} iconPlacement="end">
            {collapsed ? '展开' : '收起'}
          </Button>
        </Form.Item>
      )}
      {extra && <Form.Item>{extra}</Form.Item>}
    </Form>
  );
}
