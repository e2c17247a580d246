import { forwardRef } from 'react';
import { BOARD_SCHEDULE_STATE, type BoardScheduleDetail } from '@core/contracts/paperboard';

/** Runs on one printed page of the run sheet (a run has up to three lanes: at most 30 rows on A4 landscape). */
export const RUNS_PER_PAGE = 10;

/** The printed run sheet's own CSS (the print frame gets nothing else): A4 landscape, one page per `.mes-run-sheet-page`. */
export const RUN_SHEET_CSS = `
.mes-run-sheet-page { box-sizing: border-box; width: 297mm; height: 210mm; padding: 9mm 10mm; background: #fff; color: #000;
  font: 9.5pt/1.3 "Noto Sans CJK SC", "Microsoft YaHei", "PingFang SC", sans-serif; display: flex; flex-direction: column; overflow: hidden; }
.mes-run-sheet-head { display: flex; justify-content: space-between; align-items: baseline; border-bottom: 0.5mm solid #000; padding-bottom: 1.5mm; margin-bottom: 2mm; }
.mes-run-sheet-head h1 { font-size: 15pt; margin: 0; letter-spacing: 1mm; }
.mes-run-sheet-head .meta span { margin-left: 6mm; }
.mes-run-sheet table { width: 100%; border-collapse: collapse; table-layout: fixed; }
.mes-run-sheet th, .mes-run-sheet td { border: 0.2mm solid #000; padding: 0.6mm 1.2mm; text-align: right; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.mes-run-sheet th { background: #eee; text-align: center; font-weight: 600; }
.mes-run-sheet td.text { text-align: left; }
.mes-run-sheet tbody.run td.first { border-top: 0.5mm solid #000; }
.mes-run-sheet-foot { margin-top: auto; padding-top: 2mm; display: flex; justify-content: space-between; gap: 8mm; }
.mes-run-sheet-foot .sign { flex: none; white-space: nowrap; }
.mes-run-sheet-foot .sign span { display: inline-block; margin-left: 10mm; min-width: 30mm; border-bottom: 0.2mm solid #000; }
`;

/** The line's columns, as in the xlsx run sheet. */
const COLUMNS: Array<{ title: string; width: string }> = [
  { title: '顺序', width: '5%' },
  { title: '门幅(mm)', width: '7%' },
  { title: '订单号', width: '13%' },
  { title: '客户名称', width: '17%' },
  { title: '宽(mm)', width: '6%' },
  { title: '长(mm)', width: '6%' },
  { title: '切数', width: '5%' },
  { title: '刀数', width: '7%' },
  { title: '张数', width: '8%' },
  { title: '米数', width: '8%' },
  { title: '修边(mm)', width: '8%' },
  { title: '修边率(%)', width: '10%' },
];

const n = (value: number) => value.toLocaleString('zh-CN');

/**
 * 打印排产单: the schedule's runs as the line reads them, `RUNS_PER_PAGE` runs to a page (A4
 * landscape), each page headed by the schedule and its page number, the last with the totals and
 * the signature line. Printed through its outerHTML with RUN_SHEET_CSS (see schedule-detail's 打印).
 */
export const RunSheet = forwardRef<HTMLDivElement, { detail: BoardScheduleDetail }>(function RunSheet({ detail }, ref) {
  const { schedule, runs, totals } = detail;
  const pages = Array.from({ length: Math.max(1, Math.ceil(runs.length / RUNS_PER_PAGE)) }, (_, page) => runs.slice(page * RUNS_PER_PAGE, (page + 1) * RUNS_PER_PAGE));
  return (
    <div className="mes-run-sheet" ref={ref}>
      {pages.map((pageRuns, page) => (
        <section className="mes-run-sheet-page" key={page}>
          <header className="mes-run-sheet-head">
            <h1>瓦线排产单</h1>
            <div className="meta">
              <span>排程号 {schedule.scheduleNo}</span>
              <span>
                纸板 {schedule.boardCode}（{schedule.flute}）
              </span>
              <span>{BOARD_SCHEDULE_STATE.label(schedule.state)}</span>
              <span>下发 {schedule.issuedAt || '—'}</span>
              <span>
                第 {page + 1}/{pages.length} 页
              </span>
            </div>
          </header>
          <table>
            <colgroup>
              {COLUMNS.map((column) => (
                <col key={column.title} style={{ width: column.width }} />
              ))}
            </colgroup>
            <thead>
              <tr>
                {COLUMNS.map((column) => (
                  <th key={column.title}>{column.title}</th>
                ))}
              </tr>
            </thead>
            {pageRuns.map((run) => (
              <tbody className="run" key={run.seq}>
                {run.lanes.map((lane, index) => {
                  const first = index === 0 ? 'first' : undefined;
                  const span = run.lanes.length;
                  return (
                    <tr key={`${lane.boardOrderId}-${index}`}>
                      {index === 0 && (
                        <>
                          <td className={first} rowSpan={span}>
                            {run.seq}
                          </td>
                          <td className={first} rowSpan={span}>
                            {run.rollWidthMm}
                          </td>
                        </>
                      )}
                      <td className={`text ${first ?? ''}`}>{lane.orderNo}</td>
                      <td className={`text ${first ?? ''}`}>{lane.customerName}</td>
                      <td className={first}>{lane.widthMm}</td>
                      <td className={first}>{lane.lengthMm}</td>
                      <td className={first}>{lane.outs}</td>
                      <td className={first}>{n(lane.cuts)}</td>
                      <td className={first}>{n(lane.sheets)}</td>
                      {index === 0 && (
                        <>
                          <td className={first} rowSpan={span}>
                            {n(run.metres)}
                          </td>
                          <td className={first} rowSpan={span}>
                            {run.trimMm}
                          </td>
                          <td className={first} rowSpan={span}>
                            {run.trimPct.toFixed(2)}
                          </td>
                        </>
                      )}
                    </tr>
                  );
                })}
              </tbody>
            ))}
          </table>
          <footer className="mes-run-sheet-foot">
            {page === pages.length - 1 ? (
              <div className="totals">
                合计：{totals.runs} 刀，{totals.orders} 单，{n(totals.metres)} 米，纸 {n(totals.paperAreaM2)} ㎡，修边 {totals.trimPct}%，约 {n(totals.minutes)} 分钟（{totals.speedMpm} 米/分）
              </div>
            ) : (
              <div>续下页</div>
            )}
            <div className="sign">
              计划员<span />
              机长<span />
              日期<span />
            </div>
          </footer>
        </section>
      ))}
    </div>
  );
});

/** The print document of a rendered run sheet: its pages only, A4 landscape, a page break after each but the last. */
export function runSheetDocument(sheet: HTMLElement, title: string, escape: (value: string) => string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${escape(title)}</title><style>
@page { size: 297mm 210mm; margin: 0; }
html, body { margin: 0; padding: 0; background: #fff; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
${RUN_SHEET_CSS}
.mes-run-sheet-page { break-after: page; page-break-after: always; }
.mes-run-sheet-page:last-child { break-after: auto; page-break-after: auto; }
</style></head><body>${sheet.outerHTML}</body></html>`;
}
