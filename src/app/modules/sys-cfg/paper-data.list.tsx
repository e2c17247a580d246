import { SysCfgAuthorities as A } from '@core/access/authorities/sys-cfg';
import { type BoardCode, type DeckleWidth, type Flute, type PaperGrade } from '@core/contracts/sys-cfg';
import type { ListSpec, RowAction } from '../../components';
import { boardCodesApi, decklesApi, flutesApi, paperGradesApi } from './paper-data.api';
import { PAPER_TYPE_OPTIONS } from './sys-cfg.forms';

const filterOptions = PAPER_TYPE_OPTIONS.map((option) => ({ value: String(option.value), label: option.label }));
const orDash = (value: number | string | null) => (value === null || value === '' ? '-' : String(value));

/** 编辑 and 删除 of a paper-data row (the server refuses deleting what a board code uses). */
function editAndDelete<R extends { id: number }>(openEditor: (row: R) => void, name: (row: R) => string, remove: (ids: number[]) => Promise<unknown>): RowAction<R>[] {
  return [
    { key: 'edit', label: '编辑', authority: A.paperDataEdit, run: (row) => openEditor(row) },
    { key: 'delete', label: '删除', danger: true, authority: A.paperDataDelete, confirm: (row) => `确定删除「${name(row)}」吗？`, run: (row) => remove([row.id]) },
  ];
}

/** 原纸: liner and medium papers with grammage and ring crush. */
export function paperGradeList(openEditor: (row?: PaperGrade) => void): ListSpec<PaperGrade> {
  return {
    rowKey: 'id',
    defaultSort: { field: 'paperCode', direction: 'asc' },
    columns: [
      { prop: 'paperCode', label: '原纸编码', filter: { type: 'input' }, sortable: true, width: 110 },
      { prop: 'paperName', label: '原纸名称', filter: { type: 'input' }, width: 180 },
      { prop: 'paperType', label: '原纸类型', type: 'enum', options: filterOptions, filter: { type: 'select', multiple: true }, width: 110 },
      { prop: 'grammage', label: '克重（g/m²）', type: 'number', sortable: true, width: 120 },
      { prop: 'ringCrush', label: '环压强度（N）', width: 120, render: (row) => orDash(row.ringCrush) },
      { prop: 'remark', label: '备注', width: 160 },
    ],
    fetch: paperGradesApi.list,
    toolbar: [{ key: 'add', label: '新增原纸', primary: true, authority: A.paperDataAdd, run: () => openEditor() }],
    rowActions: editAndDelete<PaperGrade>(openEditor, (row) => row.paperCode, paperGradesApi.remove),
  };
}

/** 楞型: single-wall flutes with height and take-up, double wall as combinations. */
export function fluteList(openEditor: (row?: Flute) => void): ListSpec<Flute> {
  return {
    rowKey: 'id',
    columns: [
      { prop: 'fluteCode', label: '楞型编码', filter: { type: 'input' }, sortable: true, width: 100 },
      { prop: 'fluteName', label: '楞型名称', width: 160 },
      { prop: 'walls', label: '楞层', width: 90, render: (row) => ['', '单瓦楞', '双瓦楞', '三瓦楞'][row.walls] ?? String(row.walls) },
      { prop: 'components', label: '组成楞型', width: 100, render: (row) => (row.components.length ? row.components.join('+') : '-') },
      { prop: 'heightMm', label: '楞高（mm）', type: 'number', sortable: true, width: 110 },
      { prop: 'takeUpFactor', label: '收缩率', width: 90, render: (row) => orDash(row.takeUpFactor) },
      { prop: 'remark', label: '备注', width: 160 },
    ],
    fetch: flutesApi.list,
    toolbar: [{ key: 'add', label: '新增楞型', primary: true, authority: A.paperDataAdd, run: () => openEditor() }],
    rowActions: editAndDelete<Flute>(openEditor, (row) => row.fluteCode, flutesApi.remove),
  };
}

/** 纸板编码: layer papers, flute, GB/T 6544 grade and strengths, basis weight from the server. */
export function boardCodeList(flutes: { value: string; label: string }[], openEditor: (row?: BoardCode) => void): ListSpec<BoardCode> {
  return {
    rowKey: 'id',
    columns: [
      { prop: 'boardCode', label: '纸板编码', filter: { type: 'input' }, sortable: true, width: 200 },
      { prop: 'fluteCode', label: '楞型', width: 80, filter: { prop: 'fluteId', type: 'select', multiple: true, options: flutes } },
      { prop: 'layerText', label: '纸板层（面纸-芯纸-…）', width: 220 },
      { prop: 'grade', label: '纸板等级', sortable: true, width: 100, render: (row) => orDash(row.grade) },
      { prop: 'minBurstKpa', label: '耐破（kPa）', width: 110, render: (row) => orDash(row.minBurstKpa) },
      { prop: 'minEctKnM', label: '边压（kN/m）', width: 110, render: (row) => orDash(row.minEctKnM) },
      { prop: 'basisWeight', label: '定量（g/m²）', width: 110, render: (row) => orDash(row.basisWeight) },
    ],
    fetch: boardCodesApi.list,
    toolbar: [{ key: 'add', label: '新增纸板编码', primary: true, authority: A.paperDataAdd, run: () => openEditor() }],
    rowActions: editAndDelete<BoardCode>(openEditor, (row) => row.boardCode, boardCodesApi.remove),
  };
}

/** 门幅: the corrugator's roll widths with their minimum trim. */
export function deckleList(openEditor: (row?: DeckleWidth) => void): ListSpec<DeckleWidth> {
  return {
    rowKey: 'id',
    defaultSort: { field: 'widthMm', direction: 'asc' },
    columns: [
      { prop: 'widthMm', label: '门幅（mm）', type: 'number', sortable: true, width: 120 },
      { prop: 'minTrimMm', label: '最小修边（mm）', type: 'number', width: 130 },
      { prop: 'enabled', label: '状态', width: 90, render: (row) => (row.enabled ? '启用' : '停用') },
      { prop: 'remark', label: '备注', width: 200 },
    ],
    fetch: decklesApi.list,
    toolbar: [{ key: 'add', label: '新增门幅', primary: true, authority: A.paperDataAdd, run: () => openEditor() }],
    rowActions: editAndDelete<DeckleWidth>(openEditor, (row) => `${row.widthMm}mm`, decklesApi.remove),
  };
}
