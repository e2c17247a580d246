import { useEffect, useState } from 'react';
import { Button, Col, DatePicker, Form, Input, InputNumber, Row, Select, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { IMPORTANCE, PRIORITY, URGENCY } from '@core/enums';
import { DATE_FORMAT, dayjs } from '@core/format';
import { FLUTES, type Product } from '@core/contracts/modeling';
import { ORDER_MAX_ATTACHMENTS, ORDER_NO_PATTERN, ORDER_TOLERANCE_MAX, type CreateProductionOrderRequest, type ProductionOrderListRow, type ProductionOrderRow } from '@core/contracts/work-order/order';
import { MAX_SHEET_MM, scoreAllowance, sheetSize } from '@core/contracts/work-order/sheet-size';
import { FileUpload, FormDialog, useLoaded, type UploadedFile } from '@app/components';
import { allProducts, productLabel } from '@app/shared';
import { ordersApi } from '../production-order.api';

type OrderValues = Omit<CreateProductionOrderRequest, 'deliveryDate' | 'attachments'> & { deliveryDate?: Dayjs; attachments?: UploadedFile[] };

export interface OrderEditorProps {
  /** `{}` adds an order, `{ row }` edits it (the whole order is read first), null closes the dialog. */
  editing: { row?: ProductionOrderListRow } | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Fields that move the computed sheet size. */
const SHEET_INPUTS = ['boxStyle', 'lengthMm', 'widthMm', 'heightMm', 'flute', 'productId'] as const;
const FLUTE_OPTIONS = FLUTES.map((flute) => ({ value: flute, label: `${flute}楞` }));
const optionsOf = (values: ReadonlyArray<{ value: number; label: string }>) => values.map(({ value, label }) => ({ value, label }));
const required = (label: string, verb = '请输入') => [{ required: true, message: `${verb}${label}` }];

function initialValues(row: ProductionOrderRow | undefined): OrderValues | Partial<OrderValues> {
  if (!row) return { unit: '只', urgency: 0, priority: 2, importance: 0, overPercent: 3, underPercent: 3, printColors: 0, deliveryDate: dayjs().add(7, 'day'), attachments: [] };
  const { deliveryDate, attachments, ...rest } = row;
  return {
    ...rest,
    productId: row.productId ?? undefined,
    flowId: row.flowId ?? undefined,
    deliveryDate: dayjs(deliveryDate),
    attachments: attachments.map(({ url, name }) => ({ url, fileName: name, originalName: name })),
  } as OrderValues;
}

/**
 * 新增订单 / 编辑订单: the product picker fills dimensions, board, flute, colours and flow; the sheet
 * size follows box style, dimensions and flute live (sheetSize, rule shown) until the planner types
 * one of their own.
 */
export function OrderEditorDialog({ editing, onClose, onSaved }: OrderEditorProps) {
  const [form] = Form.useForm<OrderValues>();
  const key = editing ? 'open' : 'closed';
  const products = useLoaded(allProducts, key, [] as Product[]).data;
  const flows = useLoaded(ordersApi.flows, key, []).data;
  const row = editing?.row;
  /** The planner typed a sheet size: stop following the rule (an edited order keeps its own). */
  const [sheetChoice, setSheetChoice] = useState<{ editing: object | null; own: boolean }>({ editing: null, own: false });
  const ownSheet = sheetChoice.editing === editing ? sheetChoice.own : !!row;
  const setOwnSheet = (own: boolean) => setSheetChoice({ editing, own });
  const values = Form.useWatch([], form) as Partial<OrderValues> | undefined;
  const product = products.find((candidate) => candidate.id === values?.productId);

  useEffect(() => {
    if (!editing) return undefined;
    form.resetFields();
    if (!editing.row) {
      form.setFieldsValue(initialValues(undefined) as OrderValues);
      return undefined;
    }
    // A list row carries only the list's columns: the form fills from the whole order.
    let live = true;
    void ordersApi.detail(editing.row.id).then((order) => live && form.setFieldsValue(initialValues(order) as OrderValues));
    return () => {
      live = false;
    };
  }, [editing, form]);

  const size =
    values?.lengthMm && values.widthMm
      ? sheetSize(values.boxStyle ?? '', { lengthMm: values.lengthMm, widthMm: values.widthMm, heightMm: values.heightMm ?? 0 }, values.flute ?? '', product?.scoreAllowanceMm)
      : null;
  const ruleWidth = size?.widthMm;
  const ruleLength = size?.lengthMm;

  // The computed size fills the sheet fields while the planner has not typed their own.
  useEffect(() => {
    if (ruleWidth === undefined || ruleLength === undefined || ownSheet || !editing) return;
    const inRange = (mm: number) => (mm >= 1 && mm <= MAX_SHEET_MM ? mm : undefined);
    form.setFieldsValue({ sheetWidthMm: inRange(ruleWidth), sheetLengthMm: inRange(ruleLength) });
  }, [ruleWidth, ruleLength, ownSheet, editing, form]);

  const pickProduct = (id: number | undefined) => {
    const picked = products.find((candidate) => candidate.id === id);
    if (!picked) return;
    form.setFieldsValue({
      productName: picked.productName,
      customerName: form.getFieldValue('customerName') || picked.customerName || undefined,
      boxStyle: picked.boxStyle,
      lengthMm: picked.lengthMm,
      widthMm: picked.widthMm,
      heightMm: picked.heightMm,
      boardCode: picked.boardCode,
      flute: picked.flute || undefined,
      printColors: picked.colors,
      flowId: picked.processFlowId ?? undefined,
    });
    setOwnSheet(false);
  };

  const save = async () => {
    const { deliveryDate, attachments, ...rest } = await form.validateFields();
    const request: CreateProductionOrderRequest = {
      ...rest,
      orderNo: rest.orderNo?.trim() || undefined,
      productId: rest.productId ?? null,
      flowId: rest.flowId ?? null,
      flute: rest.flute ?? '',
      deliveryDate: deliveryDate!.format(DATE_FORMAT),
      attachments: (attachments ?? []).map((file) => file.url),
    };
    if (row) await ordersApi.update({ ...request, orderNo: request.orderNo ?? row.orderNo, id: row.id });
    else await ordersApi.create(request);
  };

  const allowance = scoreAllowance(values?.flute ?? '', product?.scoreAllowanceMm);
  const sheetHint = size && (
    <span className="mes-sheet-rule">
      {size.rule}（加放 {allowance}mm/压线{product?.scoreAllowanceMm !== null && product?.scoreAllowanceMm !== undefined ? '，按产品' : '，按楞型'}）：{size.widthMm}×{size.lengthMm}
      {ownSheet && (
        <Button type="link" size="small" onClick={() => setOwnSheet(false)}>
          按规则重算
        </Button>
      )}
    </span>
  );

  const number = (name: keyof OrderValues, label: string, extra: { min?: number; max?: number; precision?: number; suffix?: string; isRequired?: boolean } = {}) => (
    <Form.Item name={name} label={label} rules={extra.isRequired ? required(label) : undefined}>
      <InputNumber min={extra.min ?? 0} max={extra.max} precision={extra.precision ?? 0} suffix={extra.suffix} style={{ width: '100%' }} placeholder={extra.isRequired ? `请输入${label}` : undefined} />
    </Form.Item>
  );

  return (
    <FormDialog open={!!editing} title={row ? '编辑订单' : '新增订单'} width={980} editing={!!row} save={save} onClose={onClose} onSaved={onSaved}>
        <Form
          form={form}
          layout="vertical"
          className="mes-order-editor"
          onValuesChange={(changed: Partial<OrderValues>) => {
            if ('sheetWidthMm' in changed || 'sheetLengthMm' in changed) setOwnSheet(true);
            else if (SHEET_INPUTS.some((name) => name in changed) && !row) setOwnSheet(false);
          }}
        >
          <Row gutter={16}>
            <Col span={8}>
              <Form.Item name="productId" label="产品">
                <Select
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder="选择产品档案，自动带出尺寸、纸板和工艺"
                  options={products.map((candidate) => ({ value: candidate.id, label: productLabel(candidate) }))}
                  onChange={pickProduct}
                />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="productName" label="产品名称" rules={required('产品名称')}>
                <Input maxLength={50} placeholder="请输入产品名称" />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="orderNo" label="订单号" rules={[{ pattern: new RegExp(ORDER_NO_PATTERN), message: '只能包含字母、数字、_ 和 -' }]}>
                <Input maxLength={30} placeholder="留空自动生成" disabled={!!row && row.status !== 0 && row.status !== 8} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="customerName" label="客户名称" rules={required('客户名称')}>
                <Input maxLength={50} placeholder="请输入客户名称" />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="customerPo" label="客户PO号">
                <Input maxLength={50} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="flowId" label="工艺路线" rules={required('工艺路线', '请选择')}>
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder="请选择工艺路线"
                  options={flows.map((flow) => ({ value: flow.id, label: `${flow.flowName}（${flow.route}）` }))}
                />
              </Form.Item>
            </Col>
            <Col span={4}>
              <Form.Item name="boxStyle" label="箱型" rules={[{ pattern: /^(\d{4})?$/, message: '请输入4位FEFCO箱型编号' }]}>
                <Input maxLength={10} placeholder="如 0201" />
              </Form.Item>
            </Col>
            <Col span={4}>{number('lengthMm', '长（mm）', { max: 10_000, isRequired: true })}</Col>
            <Col span={4}>{number('widthMm', '宽（mm）', { max: 10_000, isRequired: true })}</Col>
            <Col span={4}>{number('heightMm', '高（mm）', { max: 10_000, isRequired: true })}</Col>
            <Col span={4}>
              <Form.Item name="boardCode" label="纸板编码">
                <Input maxLength={30} />
              </Form.Item>
            </Col>
            <Col span={4}>
              <Form.Item name="flute" label="楞型">
                <Select allowClear options={FLUTE_OPTIONS} placeholder="楞型" />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item label="纸板规格（宽×长 mm）" extra={sheetHint} style={{ marginBottom: 12 }}>
                <Row gutter={8}>
                  <Col span={6}>
                    <Form.Item name="sheetWidthMm" noStyle>
                      <InputNumber min={1} max={MAX_SHEET_MM} precision={0} prefix="宽" style={{ width: '100%' }} aria-label="纸板宽（mm）" />
                    </Form.Item>
                  </Col>
                  <Col span={6}>
                    <Form.Item name="sheetLengthMm" noStyle>
                      <InputNumber min={1} max={MAX_SHEET_MM} precision={0} prefix="长" style={{ width: '100%' }} aria-label="纸板长（mm）" />
                    </Form.Item>
                  </Col>
                  <Col span={12}>
                    <Typography.Text type={size?.estimated ? 'warning' : 'secondary'}>{size?.estimated ? '该箱型无专用公式，请核对' : '按箱型、尺寸和楞型自动计算，可修改'}</Typography.Text>
                  </Col>
                </Row>
              </Form.Item>
            </Col>
            <Col span={4}>{number('quantity', '订单数量', { min: 1, max: 10_000_000, isRequired: true })}</Col>
            <Col span={4}>
              <Form.Item name="unit" label="单位">
                <Input maxLength={10} />
              </Form.Item>
            </Col>
            <Col span={4}>{number('overPercent', '超交比例（%）', { max: ORDER_TOLERANCE_MAX, precision: 2 })}</Col>
            <Col span={4}>{number('underPercent', '欠交比例（%）', { max: ORDER_TOLERANCE_MAX, precision: 2 })}</Col>
            <Col span={8}>
              <Form.Item name="deliveryDate" label="交货日期" rules={required('交货日期', '请选择')}>
                <DatePicker style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={4}>
              <Form.Item name="urgency" label="紧急程度">
                <Select options={optionsOf(URGENCY.options)} />
              </Form.Item>
            </Col>
            <Col span={4}>
              <Form.Item name="priority" label="优先级">
                <Select options={optionsOf(PRIORITY.options)} />
              </Form.Item>
            </Col>
            <Col span={4}>
              <Form.Item name="importance" label="重要程度">
                <Select options={optionsOf(IMPORTANCE.options)} />
              </Form.Item>
            </Col>
            <Col span={4}>{number('printColors', '印色数', { max: 12 })}</Col>
            <Col span={4}>
              <Form.Item name="dieNo" label="刀模编号">
                <Input maxLength={30} />
              </Form.Item>
            </Col>
            <Col span={4}>
              <Form.Item name="plateNo" label="印版编号">
                <Input maxLength={100} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="remark" label="备注">
                <Input.TextArea maxLength={200} showCount rows={2} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="attachments" label="附件" extra={`图纸、客户资料等：pdf、doc、docx、xls、xlsx、txt、csv，单个不超过 6MB，最多 ${ORDER_MAX_ATTACHMENTS} 个`}>
                <FileUpload maxCount={ORDER_MAX_ATTACHMENTS} accept=".pdf,.doc,.docx,.xls,.xlsx,.txt,.csv" buttonText="上传附件" />
              </Form.Item>
            </Col>
          </Row>
        </Form>
    </FormDialog>
  );
}
