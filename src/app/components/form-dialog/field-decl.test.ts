import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { CreateProductRequest } from '@core/contracts/modeling';
import { columnOf, fieldFromSchema, fieldsOf, formField } from './field-decl';

describe('field declarations', () => {
  it('reads limits from the contract schema, the label from the fallback when the schema has no title', () => {
    const width = fieldFromSchema(CreateProductRequest, 'widthMm', { label: '内宽', unit: 'mm' });
    expect(width).toMatchObject({ name: 'widthMm', label: '内宽', unit: 'mm', max: 10_000, min: 1 });
    expect(columnOf(width)).toEqual({ prop: 'widthMm', label: '内宽（mm）' });
    expect(formField(width, 'number', { required: true })).toEqual({
      name: 'widthMm',
      label: '内宽',
      kind: 'number',
      max: 10_000,
      min: 1,
      suffix: 'mm',
      required: true,
    });
    expect(fieldFromSchema(CreateProductRequest, 'productName', '产品名称')).toMatchObject({ label: '产品名称', max: 50 });
  });

  it('prefers the schema title (without a unit the field declares) and looks inside Optional and nullable unions', () => {
    const Schema = Type.Object({
      widthMm: Type.Integer({ title: '门幅（mm）', minimum: 500, maximum: 3000 }),
      minTrimMm: Type.Optional(Type.Union([Type.Integer({ title: '最小修边', maximum: 200 }), Type.Null()])),
      remark: Type.Optional(Type.String({ title: '备注', maxLength: 200 })),
    });
    const F = fieldsOf(Schema, { widthMm: { label: '宽', unit: 'mm' }, minTrimMm: '修边', remark: '说明', enabled: { label: '启用', short: '状态' } });
    expect(F.widthMm).toMatchObject({ label: '门幅', max: 3000, min: 500 });
    expect(columnOf(F.widthMm).label).toBe('门幅（mm）');
    expect(F.minTrimMm).toMatchObject({ label: '最小修边', max: 200 });
    expect(F.remark).toMatchObject({ label: '备注', max: 200 });
    // Not in the schema: the declaration as written; the column may use a shorter title.
    expect(F.enabled).toEqual({ name: 'enabled', label: '启用', short: '状态', max: undefined, min: undefined });
    expect(columnOf(F.enabled).label).toBe('状态');
    // Limits only bound typed fields: a picked id has none.
    expect(formField(fieldFromSchema(CreateProductRequest, 'classifyId', '产品分类'), 'tree')).toEqual({ name: 'classifyId', label: '产品分类', kind: 'tree' });
  });
});
