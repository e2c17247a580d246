import { useEffect } from 'react';
import { Form, Select, Typography } from 'antd';
import { FormDialog } from '@app/components/form-dialog';
import { DIALOG_WIDTH } from '@core/constants';
import type { BoardCode, CreateBoardCodeRequest, Flute, PaperGrade } from '@core/contracts/sys-cfg';
import { boardCodesApi } from '../paper-data.api';
import { BOARD_CODE_FIELDS } from '../sys-cfg.forms';
import { EditFormFields } from '@app/components/form-dialog';

export interface BoardCodeEditorProps {
  /** `{}` adds a board code, a row edits it, null closes the dialog. */
  editing: { row?: BoardCode } | null;
  flutes: Flute[];
  grades: PaperGrade[];
  onClose: () => void;
  onSaved: () => void;
}

interface LayerSlot {
  type: 'liner' | 'medium';
  label: string;
}

/** The layers a flute needs, liner first: 面纸, 芯纸 (per single-wall flute), 面纸 …. */
export function layerSlots(flute: Flute | undefined): LayerSlot[] {
  if (!flute) return [];
  const walls = flute.components.length ? flute.components : [flute.fluteCode];
  const slots: LayerSlot[] = [{ type: 'liner', label: '面纸' }];
  walls.forEach((code, index) => slots.push({ type: 'medium', label: `芯纸（${code}楞）` }, { type: 'liner', label: index === walls.length - 1 ? '里纸' : '夹芯纸' }));
  return slots;
}

const gradeLabel = (grade: PaperGrade) => `${grade.paperCode} ${grade.paperName}`;

/** 新增纸板编码 / 编辑纸板编码: flute, layer papers alternating 面纸/芯纸, grade and strengths. */
export function BoardCodeEditorDialog({ editing, flutes, grades, onClose, onSaved }: BoardCodeEditorProps) {
  const [form] = Form.useForm<CreateBoardCodeRequest>();
  const fluteId = Form.useWatch('fluteId', form);
  const layers = Form.useWatch('layers', form);
  const slots = layerSlots(flutes.find((flute) => flute.id === fluteId));
  const row = editing?.row;

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    if (row) form.setFieldsValue({ ...row, layers: row.layers.map((layer) => layer.paperGradeId) });
  }, [editing, row, form]);

  // Another flute means other layer slots: start them afresh.
  const chooseFlute = () => form.setFieldValue('layers', []);

  const save = async () => {
    const values = await form.validateFields();
    const request: CreateBoardCodeRequest = { ...values, minBurstKpa: values.minBurstKpa ?? null, minEctKnM: values.minEctKnM ?? null, grade: values.grade ?? '' };
    if (row) await boardCodesApi.update({ ...request, id: row.id });
    else await boardCodesApi.create(request);
  };

  const chosen = (layers ?? []).map((id) => grades.find((grade) => grade.id === id)?.paperCode);
  return (
    <FormDialog open={!!editing} title={row ? '编辑纸板编码' : '新增纸板编码'} width={DIALOG_WIDTH} editing={!!row} save={save} onClose={onClose} onSaved={onSaved}>
      <Form form={form} layout="horizontal" labelCol={{ span: 6 }} className="mes-board-code-editor">
        <EditFormFields fields={BOARD_CODE_FIELDS.slice(0, 1)} />
        <Form.Item name="fluteId" label="楞型" rules={[{ required: true, message: '请选择楞型' }]}>
          <Select placeholder="请选择楞型" onChange={chooseFlute} options={flutes.map((flute) => ({ value: flute.id, label: `${flute.fluteCode}（${flute.fluteName}）` }))} />
        </Form.Item>
        {slots.map((slot, index) => (
          <Form.Item key={`${fluteId}:${index}`} name={['layers', index]} label={`第${index + 1}层 ${slot.label}`} rules={[{ required: true, message: `请选择第${index + 1}层${slot.label}` }]}>
            <Select
              className="mes-board-layer"
              aria-label={`第${index + 1}层`}
              placeholder={`请选择${slot.type === 'liner' ? '面纸' : '瓦楞芯纸'}`}
              showSearch={{ optionFilterProp: 'label' }}
              options={grades.filter((grade) => grade.paperType === slot.type).map((grade) => ({ value: grade.id, label: gradeLabel(grade) }))}
            />
          </Form.Item>
        ))}
        {slots.length > 0 && (
          <Form.Item label="纸板层">
            <Typography.Text className="mes-board-layer-text">{chosen.map((code) => code ?? '?').join('-') || '请依次选择各层原纸'}</Typography.Text>
          </Form.Item>
        )}
        <EditFormFields fields={BOARD_CODE_FIELDS.slice(1)} />
      </Form>
    </FormDialog>
  );
}
