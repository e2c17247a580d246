import { describe, expect, it } from 'vitest';
import {
  checkBankCode,
  checkCreditCode,
  checkIdCard,
  checkLength,
  checkLongText,
  checkMobile,
  checkPassword,
  checkPositiveInteger,
  checkSheetName,
  checkShortText,
  checkTextarea,
  checkUuid,
  isValidIdCard,
  RULE_MESSAGES,
} from './patterns';

describe('uuid: 3-20 alphanumerics', () => {
  it.each(['abc', 'A1b2C3', 'a'.repeat(20)])('accepts %s', (v) => expect(checkUuid(v)).toBeNull());
  it.each(['ab', 'a'.repeat(21), 'ab-c', 'ab c', '设备01'])('rejects %s', (v) =>
    expect(checkUuid(v)).toBe(RULE_MESSAGES.uuid),
  );
});

describe('mainland mobile', () => {
  it.each(['13800138000', '19912345678', '15000000000'])('accepts %s', (v) => expect(checkMobile(v)).toBeNull());
  it.each(['12800138000', '1380013800', '138001380001', '23800138000', '1380013800a'])('rejects %s', (v) =>
    expect(checkMobile(v)).toBe(RULE_MESSAGES.mobile),
  );
});

describe('password: 6-16 non-space', () => {
  it.each(['abc123', 'P@ss!word#16char'])('accepts %s', (v) => expect(checkPassword(v)).toBeNull());
  it.each(['abc12', 'a'.repeat(17), 'abc 123', '\tabcdef'])('rejects %j', (v) =>
    expect(checkPassword(v)).toBe(RULE_MESSAGES.password),
  );
});

describe('text lengths 20 / 50 / 200 (characters, Chinese counts one)', () => {
  it('short', () => {
    expect(checkShortText('纸'.repeat(20))).toBeNull();
    expect(checkShortText('纸'.repeat(21))).toBe('长度不能超过20个字符');
    expect(checkShortText(undefined)).toBeNull();
  });
  it('long and textarea', () => {
    expect(checkLongText('x'.repeat(50))).toBeNull();
    expect(checkLongText('x'.repeat(51))).toBe('长度不能超过50个字符');
    expect(checkTextarea('x'.repeat(200))).toBeNull();
    expect(checkTextarea('x'.repeat(201))).toBe('长度不能超过200个字符');
    expect(checkLength('😀😀', 2)).toBeNull();
  });
});

describe('credit code and bank code', () => {
  it('credit code: 18 alphanumerics', () => {
    expect(checkCreditCode('91350100M000100Y43')).toBeNull();
    expect(checkCreditCode('91350100M000100Y4')).toBe(RULE_MESSAGES.creditCode);
    expect(checkCreditCode('91350100M000100Y4-')).toBe(RULE_MESSAGES.creditCode);
  });
  it('bank code: 12-24 digits', () => {
    expect(checkBankCode('6222021234567')).toBeNull();
    expect(checkBankCode('1'.repeat(12))).toBeNull();
    expect(checkBankCode('1'.repeat(24))).toBeNull();
    expect(checkBankCode('1'.repeat(11))).toBe(RULE_MESSAGES.bankCode);
    expect(checkBankCode('1'.repeat(25))).toBe(RULE_MESSAGES.bankCode);
    expect(checkBankCode('6222 0212 3456')).toBe(RULE_MESSAGES.bankCode);
  });
});

describe('ID card: 18 digits, real birth date, GB 11643 checksum', () => {
  it.each(['11010519491231002X', '11010519491231002x', '440524188001010014', '110101199003077758'])('accepts %s', (v) =>
    expect(isValidIdCard(v)).toBe(true),
  );
  it.each([
    ['wrong checksum', '110101199003077757'],
    ['17 digits', '11010119900307775'],
    ['month 13', '110101199013077758'],
    ['Feb 30', '110101199002307758'],
    ['region starting 0', '010101199003077758'],
    ['future birth', '110101209901017758'],
  ])('rejects %s', (_why, v) => expect(checkIdCard(v)).toBe(RULE_MESSAGES.idCard));
});

describe('sheet names', () => {
  it.each(['Sheet1', '生产订单', '订单(1)'])('accepts %s', (v) => expect(checkSheetName(v)).toBeNull());
  it.each(['a\\b', 'a/b', 'a*b', 'a?b', 'a[b', 'a]b'])('rejects %s', (v) =>
    expect(checkSheetName(v)).toBe(RULE_MESSAGES.sheetName),
  );
});

describe('positive integer with optional range', () => {
  it('accepts positive integers', () => {
    expect(checkPositiveInteger('1')).toBeNull();
    expect(checkPositiveInteger(25)).toBeNull();
    expect(checkPositiveInteger(' 7 ')).toBeNull();
  });
  it.each(['0', '-1', '1.5', '01', 'a', ''])('rejects %j', (v) =>
    expect(checkPositiveInteger(v)).toBe('请输入正整数'),
  );
  it('range', () => {
    expect(checkPositiveInteger(5, { min: 1, max: 10 })).toBeNull();
    expect(checkPositiveInteger(11, { min: 1, max: 10 })).toBe('请输入1-10之间的正整数');
    expect(checkPositiveInteger(2, { min: 3 })).toBe('请输入不小于3的正整数');
    expect(checkPositiveInteger(101, { max: 100 })).toBe('请输入不大于100的正整数');
  });
});
