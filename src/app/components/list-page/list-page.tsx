import { useEffect, useMemo, useState, type Key } from 'react';
import { Empty, Space, Table, type TableProps } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { AuthButton } from '../auth-button/auth-button';
import { useCan } from '../auth-button/use-authorities';
import { FilterForm } from '../filter-form/filter-form';
import { defaultFilterValues } from '../filter-form/filter-values';
import { FilterSummary } from '../filter-summary/filter-summary';
import { ImportDialog } from '../import-dialog/import-dialog';
import { Pager } from '../pager/pager';
import { lastPage } from '../pager/pager-sizes';
import { columnsWidth, tableColumns } from './list-columns';
import { hasRowSelection, listStateConfig, permittedRowActions, rowKeyOf } from './list-derive';
import { ToolbarButtons } from './list-actions';
import type { ListContext, ListSpec } from './list-spec';
import { toListQuery, type SortOrder } from './list-state';
import { useListData } from './use-list-data';
import { useListState } from './use-list-state';

/** Above this many rows the table scrolls virtually (1000-row pages stay smooth). */
export const VIRTUAL_THRESHOLD = 100;
const SELECTION_WIDTH = 48;
/** Body height of a virtual table. */
export const VIRTUAL_HEIGHT = 560;

export interface ListPageProps<Row> {
  spec: ListSpec<Row>;
}

/** Renders a list declared as data: filter form, filter summary, toolbar, table, pager and import dialog. */
export function ListPage<Row extends object>({ spec }: ListPageProps<Row>) {
  const config = useMemo(() => listStateConfig(spec), [spec]);
  const [state, update] = useListState(config, spec.urlState ?? true);
  const query = useMemo(() => toListQuery(state, config.filters), [state, config.filters]);
  const { data, loading, reload, queryKey } = useListData(spec.fetch, query);
  const [selection, setSelection] = useState<{ queryKey: string; keys: Key[] }>({ queryKey: '', keys: [] });
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);

  const rows = useMemo(() => data?.list ?? [], [data]);
  const selectedKeys = useMemo(() => (selection.queryKey === queryKey ? selection.keys : []), [selection, queryKey]);
  const context = useMemo<ListContext<Row>>(() => {
    const keys = new Set(selectedKeys);
    return { reload, query, selectedRows: rows.filter((row) => keys.has(rowKeyOf(spec, row))) };
  }, [reload, query, rows, selectedKeys, spec]);
  const can = useCan();
  const selectable = hasRowSelection(spec, can);
  const rowActions = useMemo(() => permittedRowActions(spec, can), [spec, can]);
  const virtual = rows.length > VIRTUAL_THRESHOLD;
  // Stable columns spare antd a re-layout of every row on unrelated renders.
  const columns = useMemo(
    () => tableColumns(spec, state.sort, context, rowActions, virtual),
    [spec, state.sort, context, rowActions, virtual],
  );

  // After deletions the page may lie beyond the last one: show the last page instead of an empty one.
  const total = data?.total ?? 0;
  const beyondLast = !loading && rows.length === 0 && state.page > lastPage(total, state.limit);
  useEffect(() => {
    if (beyondLast) update({ page: lastPage(total, state.limit) });
  }, [beyondLast, total, state.limit, update]);

  const onTableChange: TableProps<Row>['onChange'] = (_pagination, _filters, sorter, extra) => {
    if (extra.action !== 'sort' || Array.isArray(sorter)) return;
    const sort: SortOrder | undefined = sorter.order
      ? { field: String(sorter.columnKey ?? sorter.field), direction: sorter.order === 'ascend' ? 'asc' : 'desc' }
      : undefined;
    update({ sort });
  };

  const runExport = () => {
    if (!spec.exporter) return;
    setExporting(true);
    spec.exporter
      .run(query)
      .catch(() => undefined)
      .finally(() => setExporting(false));
  };

  const filterItems = config.filters;
  return (
    <div className="mes-list-page" data-loading={loading} style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      {filterItems.length > 0 && (
        <FilterForm
          items={filterItems}
          value={state.filters}
          onChange={(filters) => update({ filters })}
          visibleCount={spec.visibleFilters}
        />
      )}
      <div className="mes-list-toolbar" style={{ display: 'flex', justifyContent: 'space-between', gap: 8, flexWrap: 'wrap' }}>
        <Space>
          {filterItems.length > 0 && (
            <FilterSummary
              items={filterItems}
              value={state.filters}
              onReset={() => update({ filters: defaultFilterValues(filterItems) })}
              onRemove={(prop) => update({ filters: { ...state.filters, [prop]: undefined } })}
            />
          )}
        </Space>
        <Space wrap>
          <ToolbarButtons actions={spec.toolbar ?? []} context={context} />
          {spec.importer && (
            <AuthButton authority={spec.importer.authority} icon={<UploadOutlined />} onClick={() => setImporting(true)}>
              导入
            </AuthButton>
          )}
          {spec.exporter && (
            <AuthButton authority={spec.exporter.authority} icon={<DownloadOutlined />} loading={exporting} onClick={runExport}>
              导出
            </AuthButton>
          )}
        </Space>
      </div>
      <Table<Row>
        className="mes-list-table"
        size="middle"
        rowKey={(row) => rowKeyOf(spec, row)}
        columns={columns}
        dataSource={rows}
        loading={loading}
        pagination={false}
        virtual={virtual}
        scroll={virtual ? { x: columnsWidth(columns) + (selectable ? SELECTION_WIDTH : 0), y: VIRTUAL_HEIGHT } : { x: 'max-content' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" /> }}
        rowSelection={
          selectable
            ? { columnWidth: SELECTION_WIDTH, selectedRowKeys: selectedKeys, onChange: (keys) => setSelection({ queryKey, keys }) }
            : undefined
        }
        onChange={onTableChange}
      />
      <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Pager
          page={state.page}
          limit={state.limit}
          total={total}
          sizes={spec.pageSizes}
          onChange={(page, limit) => update(limit === state.limit ? { page } : { page, limit })}
        />
      </div>
      {spec.importer && (
        <ImportDialog
          open={importing}
          title={spec.importer.title}
          template={spec.importer.template}
          upload={spec.importer.upload}
          submit={spec.importer.submit}
          onClose={() => setImporting(false)}
          onImported={(outcome) => void reload().then(() => spec.importer?.onImported?.(outcome))}
        />
      )}
    </div>
  );
}
