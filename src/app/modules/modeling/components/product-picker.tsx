import { useEffect, useRef, useState } from 'react';
import { Select } from 'antd';
import type { Product } from '@core/contracts/modeling';
import { productLabel } from '@app/shared';
import { productsApi } from '../modeling.api';

const SEARCH_LIMIT = 20;

export interface ProductPickerProps {
  value?: number | null;
  onChange?: (value: number | null) => void;
  /** The current product's label while it is not among the search results (editing). */
  initial?: Pick<Product, 'id' | 'productNo' | 'productName'> | null;
}

/** A searchable product select: typing searches the product list by number and by name on the server. */
export function ProductPicker({ value, onChange, initial }: ProductPickerProps) {
  const [options, setOptions] = useState<Array<{ value: number; label: string }>>([]);
  const [searching, setSearching] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const latest = useRef(0);

  const search = (text: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const ticket = ++latest.current;
      const keyword = text.trim();
      setSearching(true);
      const query = { page: 1, limit: SEARCH_LIMIT };
      Promise.all([productsApi.list({ ...query, productNo: keyword }), keyword ? productsApi.list({ ...query, productName: keyword }) : null])
        .then(([byNo, byName]) => {
          if (ticket !== latest.current) return;
          const found = new Map<number, Product>();
          for (const product of [...byNo.list, ...(byName?.list ?? [])]) found.set(product.id, product);
          setOptions([...found.values()].map((product) => ({ value: product.id, label: productLabel(product) })));
        })
        .catch(() => undefined)
        .finally(() => ticket === latest.current && setSearching(false));
    }, 250);
  };

  useEffect(() => () => clearTimeout(timer.current), []);

  const shown = initial && !options.some((option) => option.value === initial.id) ? [{ value: initial.id, label: productLabel(initial) }, ...options] : options;
  return (
    <Select<number>
      className="mes-product-picker"
      aria-label="所属产品"
      placeholder="输入产品编号或名称搜索"
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? null)}
      options={shown}
      showSearch={{ filterOption: false, onSearch: search }}
      onOpenChange={(open) => open && options.length === 0 && search('')}
      loading={searching}
      notFoundContent={searching ? '搜索中…' : '没有匹配的产品'}
      allowClear
    />
  );
}
