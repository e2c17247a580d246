import { Badge, Button, Popover, Tag } from 'antd';
import { FilterOutlined } from '@ant-design/icons';
import { activeFilters } from '../filter-form/filter-values';
import type { FilterItem, FilterValues } from '../filter-form/filter-form.types';

export interface FilterSummaryProps {
  items: readonly FilterItem[];
  value: FilterValues;
  /** 重置: back to the default filters. */
  onReset: () => void;
  /** Removes one filter; without it the list is read-only. */
  onRemove?: (prop: string) => void;
}

/** A 筛选 button counting the active filters; its popover lists them and offers 重置. */
export function FilterSummary({ items, value, onReset, onRemove }: FilterSummaryProps) {
  const active = activeFilters(items, value);
  const content = (
    <div className="mes-filter-summary" style={{ maxWidth: 360, display: 'flex', flexDirection: 'column', gap: 8 }}>
      {active.length === 0 ? (
        <span style={{ opacity: 0.45 }}>暂无筛选条件</span>
      ) : (
        active.map((filter) => (
          <Tag
            key={filter.prop}
            data-prop={filter.prop}
            closable={!!onRemove}
            onClose={() => onRemove?.(filter.prop)}
            style={{ whiteSpace: 'normal', marginInlineEnd: 0 }}
          >
            {filter.label}：{filter.text}
          </Tag>
        ))
      )}
      <Button size="small" onClick={onReset} style={{ alignSelf: 'flex-end' }}>
        重置
      </Button>
    </div>
  );
  return (
    <Popover content={content} title="筛选条件" trigger="click" placement="bottomLeft">
      <Badge count={active.length} size="small" offset={[-4, 4]}>
        <Button icon={<FilterOutlined />} data-count={active.length} className="mes-filter-summary-button">
          筛选
        </Button>
      </Badge>
    </Popover>
  );
}
