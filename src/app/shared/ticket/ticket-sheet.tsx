import { Fragment, type CSSProperties } from 'react';
import { QRCode } from 'antd';
import {
  ticketFieldLabel,
  ticketPageSizeMm,
  type CreateTicketTemplateRequest,
  type TicketFieldKey,
} from '@core/contracts/sys-cfg';
import { loneHalfFields } from './ticket-layout';
import type { TicketContent } from './ticket-content';
import { SAMPLE_TICKET } from './ticket-sample';

/** What a ticket needs to render: the template fields of the contract (a saved template or one being edited). */
export type TicketLayout = Pick<CreateTicketTemplateRequest, 'title' | 'fields' | 'showQrCode' | 'showProcessTable'> & {
  paperSize: string;
  orientation: string;
  qrPosition: string;
};

/**
 * The ticket's own stylesheet, in mm so screen and paper agree. The same text styles the preview in
 * the shadow root and the print document, so the console's antd styles are never needed to print.
 */
export const TICKET_CSS = `
.mes-ticket { box-sizing: border-box; position: relative; overflow: hidden; background: #fff; color: #000;
  font-family: "Noto Sans CJK SC", "Source Han Sans SC", "Microsoft YaHei", "PingFang SC", sans-serif;
  font-size: var(--ticket-font); line-height: 1.35; display: flex; flex-direction: column; gap: 1.5mm; }
.mes-ticket * { box-sizing: border-box; }
.mes-ticket-head { display: flex; align-items: center; gap: 3mm; min-height: var(--ticket-qr); }
.mes-ticket-title { flex: 1; text-align: center; font-size: calc(var(--ticket-font) * 1.6); font-weight: 700; letter-spacing: 0.5mm; }
.mes-ticket-qr { flex: none; width: var(--ticket-qr); height: var(--ticket-qr); display: flex; flex-direction: column; align-items: center; }
.mes-ticket-qr > div, .mes-ticket-qr .ant-qrcode { width: var(--ticket-qr) !important; height: var(--ticket-qr) !important; padding: 0 !important; border: 0 !important; background: #fff !important; }
.mes-ticket-qr svg { width: var(--ticket-qr) !important; height: var(--ticket-qr) !important; display: block; }
.mes-ticket-grid { display: grid; grid-template-columns: 1fr 1fr; border-top: 0.3mm solid #000; border-left: 0.3mm solid #000; }
.mes-ticket-cell { display: flex; min-height: calc(var(--ticket-font) * 2); border-right: 0.3mm solid #000; border-bottom: 0.3mm solid #000; }
.mes-ticket-cell.is-full { grid-column: span 2; }
.mes-ticket-label { flex: none; width: var(--ticket-label); padding: 0.8mm 1.2mm; background: #f0f0f0; border-right: 0.3mm solid #000; display: flex; align-items: center; }
.mes-ticket-value { flex: 1; min-width: 0; padding: 0.8mm 1.2mm; display: flex; align-items: center; word-break: break-all; }
.mes-ticket-cell.is-bold .mes-ticket-value { font-weight: 700; font-size: calc(var(--ticket-font) * 1.15); }
.mes-ticket-cell.is-filler { background: repeating-linear-gradient(135deg, transparent 0 1.2mm, #f4f4f4 1.2mm 1.5mm); }
.mes-ticket-steps { flex: 1 1 auto; min-height: 0; display: flex; flex-direction: column; }
.mes-ticket-steps-title { font-weight: 700; margin-bottom: 0.8mm; }
.mes-ticket-steps table { flex: 1 1 auto; width: 100%; border-collapse: collapse; table-layout: fixed; }
.mes-ticket-steps th, .mes-ticket-steps td { border: 0.3mm solid #000; padding: 0.6mm 1mm; text-align: left; font-weight: 400; overflow: hidden; white-space: nowrap; }
.mes-ticket-steps th { background: #f0f0f0; }
.mes-ticket-foot { display: flex; justify-content: flex-end; align-items: flex-end; margin-top: auto; }
`;

const MM_TO_PX = 96 / 25.4;

/** Type size, QR size, padding and label width by paper: labels are small, A4 roomy. */
function metrics(widthMm: number, heightMm: number) {
  const short = Math.min(widthMm, heightMm);
  if (short <= 100) return { font: 2.9, qr: 18, padding: 3, label: 16 };
  if (short <= 150) return { font: 3.3, qr: 22, padding: 6, label: 22 };
  return { font: 3.8, qr: 26, padding: 10, label: 26 };
}

/** Page size of a layout in mm (what @page and the sheet use). */
export function ticketPage(layout: Pick<TicketLayout, 'paperSize' | 'orientation'>) {
  return ticketPageSizeMm(layout.paperSize, layout.orientation);
}

/** One ticket at true paper size (mm), filled with `content` (default: the sample work order). */
export function TicketSheet({ layout, content = SAMPLE_TICKET }: { layout: TicketLayout; content?: TicketContent }) {
  const { widthMm, heightMm } = ticketPage(layout);
  const m = metrics(widthMm, heightMm);
  const style = {
    width: `${widthMm}mm`,
    // A hair under the page height so rounding never spills onto a second sheet.
    height: `${heightMm - 0.3}mm`,
    padding: `${m.padding}mm`,
    '--ticket-font': `${m.font}mm`,
    '--ticket-qr': `${m.qr}mm`,
    '--ticket-label': `${m.label}mm`,
  } as CSSProperties;
  const fillers = loneHalfFields(layout.fields);
  const qr = layout.showQrCode ? (
    <div className="mes-ticket-qr" data-value={content.qrValue}>
      <QRCode type="svg" value={content.qrValue} size={Math.round(m.qr * MM_TO_PX)} bordered={false} bgColor="#ffffff" color="#000000" />
    </div>
  ) : null;
  return (
    <div className="mes-ticket" style={style} data-paper={`${widthMm}x${heightMm}`}>
      <div className="mes-ticket-head">
        {layout.qrPosition === 'topLeft' && qr}
        <div className="mes-ticket-title">{layout.title}</div>
        {layout.qrPosition === 'topRight' && qr}
      </div>
      <div className="mes-ticket-grid">
        {layout.fields.map((field, index) => (
          <Fragment key={field.fieldKey}>
            <div className={`mes-ticket-cell${field.span === 'full' ? ' is-full' : ''}${field.bold ? ' is-bold' : ''}`}>
              <div className="mes-ticket-label">{field.fieldLabel?.trim() || ticketFieldLabel(field.fieldKey)}</div>
              <div className="mes-ticket-value">{content.values[field.fieldKey as TicketFieldKey] ?? ''}</div>
            </div>
            {fillers.has(index) && <div className="mes-ticket-cell is-filler" aria-hidden="true" />}
          </Fragment>
        ))}
      </div>
      {layout.showProcessTable && (
        <div className="mes-ticket-steps">
          <div className="mes-ticket-steps-title">工序流转记录</div>
          <table>
            <colgroup>
              <col style={{ width: '8%' }} />
              <col style={{ width: '14%' }} />
              <col style={{ width: '30%' }} />
              <col style={{ width: '12%' }} />
              <col style={{ width: '12%' }} />
              <col style={{ width: '12%' }} />
              <col style={{ width: '12%' }} />
            </colgroup>
            <thead>
              <tr>
                {['序号', '工序', '设备', '良品数', '不良数', '操作员', '日期'].map((head) => (
                  <th key={head}>{head}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {content.steps.map((step, index) => (
                <tr key={index}>
                  <td>{index + 1}</td>
                  <td>{step.process}</td>
                  <td>{step.device}</td>
                  <td />
                  <td />
                  <td />
                  <td />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {layout.qrPosition === 'bottomRight' && qr && <div className="mes-ticket-foot">{qr}</div>}
    </div>
  );
}

/** The sheet scaled to fit a preview box, keeping the paper's proportions. */
export function TicketPreview({ layout, content, maxWidth = 460, maxHeight = 560 }: { layout: TicketLayout; content?: TicketContent; maxWidth?: number; maxHeight?: number }) {
  const { widthMm, heightMm } = ticketPage(layout);
  const widthPx = widthMm * MM_TO_PX;
  const heightPx = heightMm * MM_TO_PX;
  const scale = Math.min(maxWidth / widthPx, maxHeight / heightPx, 1.6);
  return (
    <div className="mes-ticket-preview" style={{ width: widthPx * scale, height: heightPx * scale, boxShadow: '0 1px 6px rgba(0,0,0,0.25)', overflow: 'hidden' }}>
      <style>{TICKET_CSS}</style>
      <div style={{ transform: `scale(${scale})`, transformOrigin: 'top left', width: widthPx, height: heightPx }}>
        <TicketSheet layout={layout} content={content} />
      </div>
    </div>
  );
}
