import { describe, expect, it } from 'vitest';
import {
  dateShortcuts,
  dayjs,
  formatDuration,
  formatRange,
  formatTenThousands,
  personLabel,
  pictureBaseUrl,
  shortDate,
  shortMonthDay,
} from './index';

describe('formatTenThousands', () => {
  it.each([
    [12345, '1.23万'],
    [10000, '1.00万'],
    [9999, '9999'],
    [123456789, '12345.68万'],
    ['56789', '5.68万'],
    [0, '0'],
    [null, ''],
    ['abc', 'abc'],
  ])('%j → %s', (value, expected) => expect(formatTenThousands(value as never)).toBe(expected));
});

describe('19-character date strings', () => {
  it('shortMonthDay → MM-DD', () => {
    expect(shortMonthDay('2026-11-23 08:30:00')).toBe('11-23');
    expect(shortMonthDay('2026-11-23')).toBe('2026-11-23');
    expect(shortMonthDay(null)).toBe('');
  });
  it('shortDate → YYYY-MM-DD', () => {
    expect(shortDate('2026-11-23 08:30:00')).toBe('2026-11-23');
    expect(shortDate('11-23')).toBe('11-23');
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0小时0分'],
    [59, '0小时0分'],
    [60, '0小时1分'],
    [3600, '1小时0分'],
    [3725, '1小时2分'],
    [90000, '25小时0分'],
  ])('%i s → %s', (seconds, expected) => expect(formatDuration(seconds)).toBe(expected));
  it('no value → empty', () => expect(formatDuration(null)).toBe(''));
});

describe('dateShortcuts', () => {
  const now = dayjs('2026-03-31 14:25:10');
  const ranges = Object.fromEntries(dateShortcuts(now).map((s) => [s.label, formatRange(s.value)]));

  it('labels in order', () => {
    expect(dateShortcuts(now).map((s) => s.label)).toEqual(['今天', '昨天', '最近一周', '最近一月', '最近三月']);
  });
  it('ranges run from 00:00:00 to 23:59:59', () => {
    expect(ranges['今天']).toEqual(['2026-03-31 00:00:00', '2026-03-31 23:59:59']);
    expect(ranges['昨天']).toEqual(['2026-03-30 00:00:00', '2026-03-30 23:59:59']);
    expect(ranges['最近一周']).toEqual(['2026-03-24 00:00:00', '2026-03-31 23:59:59']);
    expect(ranges['最近一月']).toEqual(['2026-02-28 00:00:00', '2026-03-31 23:59:59']);
    expect(ranges['最近三月']).toEqual(['2025-12-31 00:00:00', '2026-03-31 23:59:59']);
  });
  it('dayjs speaks Chinese', () => {
    expect(now.format('dddd')).toBe('星期二');
  });
});

describe('pictureBaseUrl', () => {
  it.each([
    ['https://img.example.cn/mes/?token=1', 'img.example.cn/mes/'],
    ['http://10.0.0.8:9000/pic#x', '10.0.0.8:9000/pic'],
    ['//cdn.example.cn/a.png?x', 'cdn.example.cn/a.png'],
    ['img.example.cn', 'img.example.cn'],
    ['', ''],
  ])('%s → %s', (url, expected) => expect(pictureBaseUrl(url)).toBe(expected));
});

describe('personLabel', () => {
  it('names a person as 昵称（用户名）', () => {
    expect(personLabel({ nickName: '王伟', username: 'staff01' })).toBe('王伟（staff01）');
  });
});
