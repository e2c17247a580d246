import { useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState, type Key, type Ref, type RefObject } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Empty, Space, Table, type TableProps } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { AuthButton } from '../auth-button/auth-button';
import { ALL_CATEGORIES, CategoryTree } from '../category-tree/category-tree';
import { EditFormDialog } from '../form-dialog/edit-form.dialog';
import type { FieldOption } from '../form-dialog/form-fields';
import { useCan } from '../auth-button/use-authorities';
import { FilterForm } from '../filter-form/filter-form';
import { defaultFilterValues } from '../filter-form/filter-values';
import { FilterSummary } from '../filter-summary/filter-summary';
import { ImportDialog } from '../import-dialog/import-dialog';
import { Pager } from '../pager/pager';
import { lastPage } from '../pager/pager-sizes';
import { columnsWidth, tableColumns } from './list-columns';
import { ColumnSettings, useHiddenColumns } from './column-settings';
import { hasRowSelection, listStateConfig, permittedRowActions, rowKeyOf } from './list-derive';
import { ToolbarButtons } from './list-actions';
import type { ListAside, ListContext, ListEditor, ListSpec } from './list-spec';
import { LIST_PARAMS, toListQuery, type ListQuery, type SortOrder } from './list-state';
import { useListData } from './use-list-data';
import { useListState } from './use-list-state';

/** Above this many rows the table scrolls virtually (1000-row pages stay smooth). */
export const VIRTUAL_THRESHOLD = 100;
const SELECTION_WIDTH = 48;
/** Body height of a virtual table. */
export const VIRTUAL_HEIGHT = 560;

/** What a page may do with its list from outside (e.g. after a dialog of its own saved). */
export interface ListHandle {
  /** Fetches the current page again, keeping row selection and scroll (and refreshes the aside). */
  reload: () => Promise<void>;
}

export interface ListPageProps<Row> {
  spec: ListSpec<Row>;
  /** Receives the list's reload (see useListReload). */
  handle?: Ref<ListHandle>;
}

/** A handle for `<ListPage handle>` and a reload function that keeps selection and scroll: `const [list, reload] = useListReload()`. */
export function useListReload(): [RefObject<ListHandle | null>, () => void] {
  const handle = useRef<ListHandle | null>(null);
  const reload = useCallback(() => void handle.current?.reload(), []);
  return [handle, reload];
}

/** The aside's selected node: in the URL param (dropping the page) or in component state. */
function useAsideSelection(aside: ListAside | undefined, inUrl: boolean): [string, (key: string) => void] {
  const [params, setParams] = useSearchParams();
  const [local, setLocal] = useState(ALL_CATEGORIES);
  const param = aside?.param ?? aside?.filter ?? '';
  const selected = inUrl ? (params.get(param) ?? ALL_CATEGORIES) : local;
  const select = useCallback(
    (key: string) => {
      if (!inUrl) return setLocal(key);
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.delete(LIST_PARAMS.page);
          if (key === ALL_CATEGORIES) next.delete(param);
          else next.set(param, key);
          return next;
        },
        { replace: true },
      );
    },
    [inUrl, param, setParams],
  );
  return [selected, select];
}

type EditorProps<Row> = { editing: { row?: Row } | null; onClose: () => void; onSaved: () => void };
type FieldsEditorProps<Row> = EditorProps<Row> & { editor: Extract<ListEditor<Row>, { fields: unknown }>; query: ListQuery };

function EditorOf<Row>({ editor, query, ...props }: EditorProps<Row> & { editor: ListEditor<Row>; query: ListQuery }) {
  if ('render' in editor) return <>{editor.render({ ...props, query })}</>;
  return <FieldsEditor editor={editor} query={query} {...props} />;
}

function FieldsEditor<Row>({ editor, query, editing, onClose, onSaved }: FieldsEditorProps<Row>) {
  const row = editing?.row;
  const [loaded, setLoaded] = useState<Record<string, FieldOption[] | undefined>>({});
  const { loadOptions } = editor;
  useEffect(() => {
    if (!editing || !loadOptions) return;
    let live = true;
    loadOptions(editing.row)
      .then((options) => live && setLoaded(options))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [editing, loadOptions]);
  const options = useMemo(() => ({ ...editor.options, ...loaded }), [editor.options, loaded]);
  return (
    <EditFormDialog<Record<string, unknown>>
      title={editing ? (row ? `编辑${editor.noun}` : `新增${editor.noun}`) : null}
      fields={editor.fields}
      editing={!!row}
      initial={editor.initial ? editor.initial(row, query) : (row as object | undefined)}
      options={options}
      onSubmit={(values) => editor.save(values, row)}
      successText={editor.successText}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}

/** Renders a list declared as data: filter form, filter summary, toolbar, table, pager and import dialog. */
export function ListPage<Row extends object>({ spec, handle }: ListPageProps<Row>) {
  const config = useMemo(() => listStateConfig(spec), [spec]);
  const inUrl = spec.urlState ?? true;
  const [state, update] = useListState(config, inUrl);
  const [asideKey, selectAsideKey] = useAsideSelection(spec.aside, inUrl);
  // The selected node's name (for `aside.wrap`); unknown after a reload until the user picks again.
  const [asideName, setAsideName] = useState('');
  const selectAside = useCallback(
    (key: string, name: string) => {
      setAsideName(name);
      selectAsideKey(key);
    },
    [selectAsideKey],
  );
  const asideFilter = spec.aside && asideKey !== ALL_CATEGORIES ? spec.aside.filter : undefined;
  const query = useMemo(() => {
    const base = toListQuery(state, config.filters);
    return asideFilter ? { ...base, [asideFilter]: asideKey } : base;
  }, [state, config.filters, asideFilter, asideKey]);
  const { data, loading, reload: reloadRows, queryKey } = useListData(spec.fetch, query);
  const [asideVersion, setAsideVersion] = useState(0);
  const reload = useCallback(() => {
    setAsideVersion((value) => value + 1);
    return reloadRows();
  }, [reloadRows]);
  useImperativeHandle(handle, () => ({ reload }), [reload]);
  const [editing, setEditing] = useState<{ row?: Row } | null>(null);
  const openEditor = useCallback((row?: Row) => setEditing(row ? { row } : {}), []);
  const [selection, setSelection] = useState<{ queryKey: string; keys: Key[] }>({ queryKey: '', keys: [] });
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);

  const rows = useMemo(() => data?.list ?? [], [data]);
  const selectedKeys = useMemo(() => (selection.queryKey === queryKey ? selection.keys : []), [selection, queryKey]);
  const context = useMemo<ListContext<Row>>(() => {
    const keys = new Set(selectedKeys);
    return { reload, query, openEditor, selectedRows: rows.filter((row) => keys.has(rowKeyOf(spec, row))) };
  }, [reload, query, openEditor, rows, selectedKeys, spec]);
  const can = useCan();
  const selectable = hasRowSelection(spec, can);
  const rowActions = useMemo(() => permittedRowActions(spec, can), [spec, can]);
  const virtual = rows.length > VIRTUAL_THRESHOLD;
  const [hiddenColumns, setHiddenColumns] = useHiddenColumns(spec.columnSettings?.pageKey);
  // Stable columns spare antd a re-layout of every row on unrelated renders.
  const columns = useMemo(
    () => tableColumns(spec, state.sort, context, rowActions, virtual).filter((column) => !hiddenColumns.includes(String(column.key))),
    [spec, state.sort, context, rowActions, virtual, hiddenColumns],
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
  const list = (
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
            {spec.columnSettings && <ColumnSettings columns={spec.columns} hidden={hiddenColumns} onChange={setHiddenColumns} />}
          </Space>
        </div>
        <Table<Row>
          className="mes-list-table"
          size="middle"
          rowKey={(row) => rowKeyOf(spec, row)}
          rowClassName={spec.rowClassName ? (row) => spec.rowClassName?.(row) ?? '' : undefined}
          columns={columns}
          dataSource={rows}
          loading={loading}
          pagination={false}
          virtual={virtual}
          expandable={spec.expandable ? { expandedRowRender: spec.expandable.render, rowExpandable: spec.expandable.rowExpandable } : undefined}
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
  const editor = spec.editor && <EditorOf editor={spec.editor} query={query} editing={editing} onClose={() => setEditing(null)} onSaved={() => void reload()} />;
  if (!spec.aside) {
    return (
      <>
        {list}
        {editor}
      </>
    );
  }
  return (
    <div className="mes-list-with-aside" style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
      <aside style={{ width: spec.aside.width ?? 260, flex: 'none', borderRight: '1px solid #f0f0f0', paddingRight: 12 }}>
        <CategoryTree
          {...spec.aside.tree}
          selected={asideKey}
          onSelect={selectAside}
          refreshKey={asideVersion}
        />
      </aside>
      <section style={{ flex: 1, minWidth: 0 }}>{spec.aside.wrap ? spec.aside.wrap(list, { key: asideKey, name: asideName }) : list}</section>
      {editor}
    </div>
  );
}
