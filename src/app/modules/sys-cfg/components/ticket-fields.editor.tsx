import { ArrowDownOutlined, ArrowUpOutlined, CloseOutlined } from '@ant-design/icons';
import { Button, Card, Checkbox, Empty, Input, Radio, Tooltip } from 'antd';
import { TICKET_FIELD_CATALOGUE, ticketFieldLabel, type TicketField } from '@core/contracts/sys-cfg';
import { moveField, toggleField } from '@app/shared/ticket';

/** 可选字段: the catalogue as a checkbox list. */
export function TicketFieldPalette({ fields, onChange }: { fields: TicketField[]; onChange: (fields: TicketField[]) => void }) {
  const chosen = new Set(fields.map((field) => field.fieldKey));
  return (
    <Card size="small" title="可选字段" className="mes-ticket-palette">
      <div style={{ display: 'flex', flexDirection: 'column', gap: 6 }}>
        {TICKET_FIELD_CATALOGUE.map((entry) => (
          <Checkbox key={entry.key} checked={chosen.has(entry.key)} onChange={(event) => onChange(toggleField(fields, entry.key, event.target.checked))}>
            {entry.label}
          </Checkbox>
        ))}
      </div>
    </Card>
  );
}

/** 打印字段: the chosen fields in print order, each with its label override, width and weight. */
export function TicketFieldArranger({ fields, onChange }: { fields: TicketField[]; onChange: (fields: TicketField[]) => void }) {
  const update = (index: number, patch: Partial<TicketField>) => onChange(fields.map((field, at) => (at === index ? { ...field, ...patch } : field)));
  return (
    <Card size="small" title={`打印字段（${fields.length}）`} className="mes-ticket-arranger">
      {fields.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="请在左侧勾选要打印的字段" />}
      <ol style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 6 }}>
        {fields.map((field, index) => {
          const name = ticketFieldLabel(field.fieldKey);
          return (
            <li key={field.fieldKey} className="mes-ticket-field" data-key={field.fieldKey} style={{ display: 'flex', alignItems: 'center', gap: 6, padding: '4px 6px', border: '1px solid #f0f0f0', borderRadius: 6, whiteSpace: 'nowrap' }}>
              <span style={{ width: 20, color: '#999', textAlign: 'right' }}>{index + 1}</span>
              <Input size="small" style={{ flex: '1 1 80px', minWidth: 60 }} value={field.fieldLabel ?? ''} placeholder={name} aria-label={`${name}显示名称`} maxLength={20} onChange={(event) => update(index, { fieldLabel: event.target.value })} />
              <Radio.Group size="small" optionType="button" style={{ flex: 'none', display: 'flex' }} value={field.span} onChange={(event) => update(index, { span: event.target.value as TicketField['span'] })} options={[{ value: 'half', label: '半行' }, { value: 'full', label: '整行' }]} />
              <Checkbox checked={field.bold === true} onChange={(event) => update(index, { bold: event.target.checked })}>
                加粗
              </Checkbox>
              <span style={{ display: 'flex', gap: 0, flex: 'none' }}>
                <Tooltip title="上移">
                  <Button size="small" type="text" icon={<ArrowUpOutlined />} aria-label={`上移 ${name}`} disabled={index === 0} onClick={() => onChange(moveField(fields, index, -1))} />
                </Tooltip>
                <Tooltip title="下移">
                  <Button size="small" type="text" icon={<ArrowDownOutlined />} aria-label={`下移 ${name}`} disabled={index === fields.length - 1} onClick={() => onChange(moveField(fields, index, 1))} />
                </Tooltip>
                <Tooltip title="移除">
                  <Button size="small" type="text" danger icon={<CloseOutlined />} aria-label={`移除 ${name}`} onClick={() => onChange(toggleField(fields, field.fieldKey, false))} />
                </Tooltip>
              </span>
            </li>
          );
        })}
      </ol>
    </Card>
  );
}
