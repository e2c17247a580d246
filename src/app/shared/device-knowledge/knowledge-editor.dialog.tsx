import { useEffect } from 'react';
import { Form, Input, TreeSelect } from 'antd';
import { LEDGER_LIMITS, type CreateKnowledgeRequest, type Knowledge } from '@core/contracts/device-ledger';
import { FileUpload, FormDialog, type ListEditorProps, type UploadedFile } from '@app/components';
import { knowledgeApi, KNOWLEDGE } from './knowledge.api';

export interface TypeNode {
  value: number;
  title: string;
  children?: TypeNode[];
}

interface KnowledgeFormValues {
  faultSymptom?: string;
  cause?: string;
  remedy?: string;
  deviceTypeId?: number | null;
  keywords?: string;
  files?: UploadedFile[];
}

const requestOf = (values: KnowledgeFormValues): CreateKnowledgeRequest => ({
  faultSymptom: values.faultSymptom?.trim() ?? '',
  cause: values.cause?.trim() ?? '',
  remedy: values.remedy?.trim() ?? '',
  deviceTypeId: values.deviceTypeId ?? null,
  keywords: values.keywords?.trim() ?? '',
  files: (values.files ?? []).map((file) => ({ url: file.url, name: file.originalName })),
});

const required = (label: string) => [{ required: true, whitespace: true, message: `请输入${label}` }];

/** 新增知识条目 / 编辑知识条目: symptom, cause, remedy, device type, keywords and files. */
export function KnowledgeEditorDialog({ editing, onClose, onSaved, types }: ListEditorProps<Knowledge> & { types: TypeNode[] }) {
  const [form] = Form.useForm<KnowledgeFormValues>();
  const row = editing?.row;
  const open = editing !== null;
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (row)
      form.setFieldsValue({ ...row, files: row.files.map((file) => ({ url: file.url, fileName: file.name, originalName: file.name })) });
  }, [open, row, form]);

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return false;
    return row ? knowledgeApi.update({ ...requestOf(values), id: row.id }) : knowledgeApi.create(requestOf(values));
  };

  return (
    <FormDialog open={open} title={row ? '编辑知识条目' : '新增知识条目'} width={720} editing={!!row} save={save} onClose={onClose} onSaved={onSaved}>
      <Form form={form} layout="vertical" className="mes-knowledge-form">
        <Form.Item name="faultSymptom" label={KNOWLEDGE.faultSymptom.label} rules={required(KNOWLEDGE.faultSymptom.label)}>
          <Input maxLength={KNOWLEDGE.faultSymptom.max} placeholder="如 印刷套印不准" autoComplete="off" />
        </Form.Item>
        <Form.Item name="cause" label={KNOWLEDGE.cause.label} rules={required(KNOWLEDGE.cause.label)}>
          <Input.TextArea rows={2} maxLength={KNOWLEDGE.cause.max} showCount placeholder="请输入故障原因" />
        </Form.Item>
        <Form.Item name="remedy" label={KNOWLEDGE.remedy.label} rules={required(KNOWLEDGE.remedy.label)}>
          <Input.TextArea rows={4} maxLength={KNOWLEDGE.remedy.max} showCount placeholder="请输入处理方法和步骤" />
        </Form.Item>
        <Form.Item name="deviceTypeId" label={KNOWLEDGE.deviceTypeId.label} extra="不选即为通用条目">
          <TreeSelect treeData={types} allowClear placeholder="请选择设备类型" treeDefaultExpandAll showSearch={{ treeNodeFilterProp: 'title' }} />
        </Form.Item>
        <Form.Item name="keywords" label={KNOWLEDGE.keywords.label}>
          <Input maxLength={KNOWLEDGE.keywords.max} placeholder="多个关键词用空格分开，便于搜索" autoComplete="off" />
        </Form.Item>
        <Form.Item name="files" label={KNOWLEDGE.files.label} extra={`作业指导书、图纸等，最多${LEDGER_LIMITS.knowledgeFiles}个文件`}>
          <FileUpload maxCount={LEDGER_LIMITS.knowledgeFiles} buttonText="上传附件" />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
