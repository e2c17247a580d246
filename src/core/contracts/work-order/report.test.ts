import { describe, expect, it } from 'vitest';
import { operationDoneQty, overReportLimit, parseReportTime, reportQuantityError, ReportMessages, reportTimeError } from './report';

describe('report rules (form and server)', () => {
  it('refuses all-zero quantities and defects that do not add up to the defect quantity', () => {
    expect(reportQuantityError({ goodQty: 0, defectQty: 0, inspectQty: 0 })).toBe(ReportMessages.allZero);
    expect(reportQuantityError({ goodQty: 0, defectQty: 0, inspectQty: 3 })).toBeNull();
    expect(reportQuantityError({ goodQty: 10, defectQty: 5, defects: [{ qty: 2, badPhenomenonId: 1 }, { qty: 2, badPhenomenonId: 2 }] })).toBe(ReportMessages.defectMismatch(5, 4));
    expect(reportQuantityError({ goodQty: 10, defectQty: 4, defects: [{ qty: 2, badPhenomenonId: 1 }, { qty: 2, badPhenomenonId: 1 }] })).toBe(ReportMessages.duplicatePhenomenon);
    expect(reportQuantityError({ goodQty: 10, defectQty: 4, defects: [{ qty: 2, badPhenomenonId: 1 }, { qty: 2, badPhenomenonId: 2 }] })).toBeNull();
  });

  it('reads wall-clock times and wants the end after the start', () => {
    expect(parseReportTime('2026-11-24 08:30')?.getHours()).toBe(8);
    expect(parseReportTime('2026-02-29 08:00:00')).toBeNull();
    expect(parseReportTime('2026-11-24 24:00:00')).toBeNull();
    expect(reportTimeError('2026-11-24 08:00:00', '2026-11-24 08:00:00')).toBe(ReportMessages.endBeforeStart);
    expect(reportTimeError('2026-11-24 08:00:00', '2026-11-24 10:00:00')).toBeNull();
    expect(reportTimeError('昨天', '2026-11-24 10:00:00')).toBe(ReportMessages.badTime('开始时间'));
  });

  it('limits an operation to planned × (1 + tolerance), and counts it done at planned − waste less the under-run', () => {
    expect(overReportLimit(1000, 5)).toBe(1050);
    expect(overReportLimit(1061, 3)).toBe(1092);
    expect(operationDoneQty(1000, 0, 3)).toBe(970);
    expect(operationDoneQty(1061, 46, 0)).toBe(1015);
  });
});
