import { Tag, type TableColumnType } from 'antd';
import { cellText, rowActionsWidth } from './list-derive';
import type { ListColumn, ListContext, ListSpec, RowAction } from './list-spec';
import type { SortOrder } from './list-state';
import { RowActionLinks } from './list-actions';

/** Column width used when the table scrolls virtually (antd needs every width then). */
export const VIRTUAL_COLUMN_WIDTH = 150;

function TagCell<Row>({ column, value }: { column: ListColumn<Row>; value: unknown }) {
  const values = Array.isArray(value) ? value : value === null || value === undefined || value === '' ? [] : [value];
  return (
    <>
      {values.map((entry) => {
        const option = column.options?.find((candidate) => String(candidate.value) === String(entry));
        return (
          <Tag key={String(entry)} color={option?.color}>
            {option?.label ?? String(entry)}
          </Tag>
        );
      })}
    </>
  );
}

type AntColumn<Row> = TableColumnType<Row>;

const antSort = (sort: SortOrder | undefined, prop: string): AntColumn<unknown>['sortOrder'] =>
  sort?.field === prop ? (sort.direction === 'asc' ? 'ascend' : 'descend') : null;

/** antd columns of a list spec: cells by type, controlled sort, and the 操作 column of the permitted row actions. */
export function tableColumns<Row>(
  spec: ListSpec<Row>,
  sort: SortOrder | undefined,
  context: ListContext<Row>,
  rowActions: readonly RowAction<Row>[],
  fixedWidths: boolean,
): AntColumn<Row>[] {
  const columns = spec.columns.map(
    (column): AntColumn<Row> => ({
      key: column.prop,
      dataIndex: column.prop,
      title: column.label,
      width: column.width ?? (fixedWidths ? VIRTUAL_COLUMN_WIDTH : undefined),
      fixed: column.fixed,
      align: column.type === 'number' ? 'right' : undefined,
      ellipsis: true,
      sorter: column.sortable ? true : undefined,
      sortOrder: column.sortable ? antSort(sort, column.prop) : undefined,
      render: (value: unknown, row: Row) => {
        if (column.render) return column.render(row);
        if (column.type === 'tag') return <TagCell column={column} value={value} />;
        return cellText(column, value);
      },
    }),
  );
  if (rowActions.length > 0) {
    const labels = rowActions.map((action) => action.label);
    columns.push({
      key: '__actions',
      title: '操作',
      width: spec.actionsWidth ?? rowActionsWidth(labels, spec.visibleRowActions),
      fixed: 'right',
      render: (_: unknown, row: Row) => (
        <RowActionLinks row={row} actions={rowActions} visible={spec.visibleRowActions} context={context} />
      ),
    });
  }
  return columns;
}

/** Total width of the columns (for the horizontal scroll of a virtual table). */
export const columnsWidth = <Row,>(columns: readonly AntColumn<Row>[]): number =>
  columns.reduce((sum, column) => sum + (typeof column.width === 'number' ? column.width : VIRTUAL_COLUMN_WIDTH), 0);
