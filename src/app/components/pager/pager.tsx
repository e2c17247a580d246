import { Pagination } from 'antd';
import { pageSizesOf, totalText, type PageSizeSet } from './pager-sizes';

export interface PagerProps {
  page: number;
  limit: number;
  total: number;
  /** Called with the new page and size (a new size starts again at page 1). */
  onChange: (page: number, limit: number) => void;
  sizes?: PageSizeSet;
  disabled?: boolean;
}

/** antd Pagination speaking page/limit instead of currentPage/pageSize, with 共 N 条. */
export function Pager({ page, limit, total, onChange, sizes = 'standard', disabled }: PagerProps) {
  const { options } = pageSizesOf(sizes);
  return (
    <Pagination
      className="mes-pager"
      current={page}
      pageSize={limit}
      total={total}
      disabled={disabled}
      showSizeChanger
      showQuickJumper
      pageSizeOptions={options.map(String)}
      showTotal={totalText}
      onChange={(current, pageSize) => onChange(pageSize === limit ? current : 1, pageSize)}
    />
  );
}
