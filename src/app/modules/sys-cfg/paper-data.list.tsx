import { SysCfgAuthorities as A } from '@core/access/authorities/sys-cfg';
import type { BoardCode, CreateDeckleRequest, CreateFluteRequest, CreatePaperGradeRequest, DeckleWidth, Flute, PaperGrade } from '@core/contracts/sys-cfg';
import { columnOf, type ListSpec, type RowAction } from '@app/components';
import { boardCodesApi, decklesApi, flutesApi, paperGradesApi } from './paper-data.api';
import { BOARD_CODE, DECKLE, FLUTE, PAPER_GRADE } from './sys-cfg.fields';
import { DECKLE_FIELDS, FLUTE_FIELDS, PAPER_GRADE_FIELDS, PAPER_TYPE_OPTIONS } from './sys-cfg.forms';

const filterOptions = PAPER_TYPE_OPTIONS.map((option) => ({ value: String(option.value), label: option.label }));
const orDash = (value: number | string | null) => (value === null || value === '' ? '-' : String(value));

/** 编辑 and 删除 of a paper-data row (the server refuses deleting what a board code uses). */
function editAndDelete<R extends { id: number }>(name: (row: R) => string, remove: (ids: number[]) => Promise<unknown>): RowAction<R>[] {
  return [
    { key: 'edit', label: '编辑', authority: A.paperDataEdit, run: (row, { openEditor }) => openEditor(row) },
    { key: 'delete', label: '删除', danger: true, authority: A.paperDataDelete, confirm: (row) => `确定删除「${name(row)}」吗？`, run: (row) => remove([row.id]) },
  ];
}

/** 原纸: liner and medium papers with grammage and ring crush. */
export function paperGradeList(): ListSpec<PaperGrade> {
  return {
    rowKey: 'id',
    defaultSort: { field: 'paperCode', direction: 'asc' },
    columns: [
      { ...columnOf(PAPER_GRADE.paperCode), filter: { type: 'input' }, sortable: true, width: 110 },
      { ...columnOf(PAPER_GRADE.paperName), filter: { type: 'input' }, width: 180 },
      { ...columnOf(PAPER_GRADE.paperType), type: 'enum', options: filterOptions, filter: { type: 'select', multiple: true }, width: 110 },
      { ...columnOf(PAPER_GRADE.grammage), type: 'number', sortable: true, width: 120 },
      { ...columnOf(PAPER_GRADE.ringCrush), width: 120, render: (row) => orDash(row.ringCrush) },
      { ...columnOf(PAPER_GRADE.remark), width: 160 },
    ],
    fetch: paperGradesApi.list,
    toolbar: [{ key: 'add', label: '新增原纸', primary: true, authority: A.paperDataAdd, run: ({ openEditor }) => openEditor() }],
    rowActions: editAndDelete<PaperGrade>((row) => row.paperCode, paperGradesApi.remove),
    editor: {
      noun: '原纸',
      fields: PAPER_GRADE_FIELDS,
      initial: (row) => row ?? { paperType: 'liner' },
      save: (values: CreatePaperGradeRequest, row) => {
        const request = { ...values, ringCrush: values.ringCrush ?? null };
        return row ? paperGradesApi.update({ ...request, id: row.id }) : paperGradesApi.create(request);
      },
    },
  };
}

/** 楞型: single-wall flutes with height and take-up, double wall as combinations. */
export function fluteList(): ListSpec<Flute> {
  return {
    rowKey: 'id',
    columns: [
      { ...columnOf(FLUTE.fluteCode), filter: { type: 'input' }, sortable: true, width: 100 },
      { ...columnOf(FLUTE.fluteName), width: 160 },
      { ...columnOf(FLUTE.walls), width: 90, render: (row) => ['', '单瓦楞', '双瓦楞', '三瓦楞'][row.walls] ?? String(row.walls) },
      { ...columnOf(FLUTE.components), width: 100, render: (row) => (row.components.length ? row.components.join('+') : '-') },
      { ...columnOf(FLUTE.heightMm), type: 'number', sortable: true, width: 110 },
      { ...columnOf(FLUTE.takeUpFactor), width: 90, render: (row) => orDash(row.takeUpFactor) },
      { ...columnOf(FLUTE.remark), width: 160 },
    ],
    fetch: flutesApi.list,
    toolbar: [{ key: 'add', label: '新增楞型', primary: true, authority: A.paperDataAdd, run: ({ openEditor }) => openEditor() }],
    rowActions: editAndDelete<Flute>((row) => row.fluteCode, flutesApi.remove),
    editor: {
      noun: '楞型',
      fields: FLUTE_FIELDS,
      initial: (row) => row ?? { components: [] },
      save: (values: CreateFluteRequest, row) => {
        const request = { ...values, components: (values.components ?? []).map((code) => code.toUpperCase()), takeUpFactor: values.takeUpFactor ?? null };
        return row ? flutesApi.update({ ...request, id: row.id }) : flutesApi.create(request);
      },
    },
  };
}

/** 纸板编码: layer papers, flute, GB/T 6544 grade and strengths, basis weight from the server. */
export function boardCodeList(flutes: { value: string; label: string }[]): ListSpec<BoardCode> {
  return {
    rowKey: 'id',
    columns: [
      { ...columnOf(BOARD_CODE.boardCode), filter: { type: 'input' }, sortable: true, width: 200 },
      { ...columnOf(BOARD_CODE.fluteCode), width: 80, filter: { prop: 'fluteId', type: 'select', multiple: true, options: flutes } },
      { ...columnOf(BOARD_CODE.layerText), width: 220 },
      { ...columnOf(BOARD_CODE.grade), sortable: true, width: 100, render: (row) => orDash(row.grade) },
      { ...columnOf(BOARD_CODE.minBurstKpa), width: 110, render: (row) => orDash(row.minBurstKpa) },
      { ...columnOf(BOARD_CODE.minEctKnM), width: 110, render: (row) => orDash(row.minEctKnM) },
      { ...columnOf(BOARD_CODE.basisWeight), width: 110, render: (row) => orDash(row.basisWeight) },
    ],
    fetch: boardCodesApi.list,
    toolbar: [{ key: 'add', label: '新增纸板编码', primary: true, authority: A.paperDataAdd, run: ({ openEditor }) => openEditor() }],
    rowActions: editAndDelete<BoardCode>((row) => row.boardCode, boardCodesApi.remove),
  };
}

/** 门幅: the corrugator's roll widths with their minimum trim. */
export function deckleList(): ListSpec<DeckleWidth> {
  return {
    rowKey: 'id',
    defaultSort: { field: 'widthMm', direction: 'asc' },
    columns: [
      { ...columnOf(DECKLE.widthMm), type: 'number', sortable: true, width: 120 },
      { ...columnOf(DECKLE.minTrimMm), type: 'number', width: 130 },
      { ...columnOf(DECKLE.enabled), width: 90, render: (row) => (row.enabled ? '启用' : '停用') },
      { ...columnOf(DECKLE.remark), width: 200 },
    ],
    fetch: decklesApi.list,
    toolbar: [{ key: 'add', label: '新增门幅', primary: true, authority: A.paperDataAdd, run: ({ openEditor }) => openEditor() }],
    rowActions: editAndDelete<DeckleWidth>((row) => `${row.widthMm}mm`, decklesApi.remove),
    editor: {
      noun: '门幅',
      fields: DECKLE_FIELDS,
      initial: (row) => row ?? { minTrimMm: 20, enabled: true },
      save: (values: CreateDeckleRequest, row) => (row ? decklesApi.update({ ...values, id: row.id }) : decklesApi.create(values)),
    },
  };
}
