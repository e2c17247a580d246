/** Generic validation patterns of spec §5. Each check returns an error message, or null when valid. */

export const PATTERNS = {
  uuid: /^[A-Za-z0-9]{3,20}$/,
  mobile: /^1[3-9]\d{9}$/,
  password: /^\S{6,16}$/,
  creditCode: /^[A-Za-z0-9]{18}$/,
  bankCode: /^\d{12,24}$/,
  idCard: /^[1-9]\d{5}(18|19|20)\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])\d{3}[\dXx]$/,
  positiveInteger: /^[1-9]\d*$/,
  sheetNameForbidden: /[\\/*?[\]]/,
} as const;

export const TEXT_LIMITS = { short: 20, long: 50, textarea: 200 } as const;

export const RULE_MESSAGES = {
  uuid: '请输入3-20位字母或数字',
  mobile: '请输入正确的手机号码',
  password: '密码为6-16位非空格字符',
  creditCode: '请输入18位字母或数字的统一社会信用代码',
  bankCode: '请输入12-24位数字的银行账号',
  idCard: '请输入正确的身份证号码',
  sheetName: '工作表名称不能包含 \\ / * ? [ ] 等字符',
  positiveInteger: '请输入正整数',
  tooLong: (max: number) => `长度不能超过${max}个字符`,
  range: (min: number | undefined, max: number | undefined) =>
    min !== undefined && max !== undefined
      ? `请输入${min}-${max}之间的正整数`
      : min !== undefined
        ? `请输入不小于${min}的正整数`
        : `请输入不大于${max}的正整数`,
} as const;

type Check = (value: string) => string | null;
const byPattern = (pattern: RegExp, message: string): Check => (value) => (pattern.test(value) ? null : message);

export const checkUuid = byPattern(PATTERNS.uuid, RULE_MESSAGES.uuid);
export const checkMobile = byPattern(PATTERNS.mobile, RULE_MESSAGES.mobile);
export const checkPassword = byPattern(PATTERNS.password, RULE_MESSAGES.password);
export const checkCreditCode = byPattern(PATTERNS.creditCode, RULE_MESSAGES.creditCode);
export const checkBankCode = byPattern(PATTERNS.bankCode, RULE_MESSAGES.bankCode);

/** Length check counted in characters (a Chinese character counts one). */
export function checkLength(value: string | null | undefined, max: number): string | null {
  return [...(value ?? '')].length <= max ? null : RULE_MESSAGES.tooLong(max);
}
export const checkShortText = (value: string | null | undefined) => checkLength(value, TEXT_LIMITS.short);
export const checkLongText = (value: string | null | undefined) => checkLength(value, TEXT_LIMITS.long);
export const checkTextarea = (value: string | null | undefined) => checkLength(value, TEXT_LIMITS.textarea);

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK_CODES = '10X98765432';

/** 18-digit mainland resident ID: region, real birth date, GB 11643 checksum. */
export function isValidIdCard(value: string): boolean {
  if (!PATTERNS.idCard.test(value)) return false;
  const year = Number(value.slice(6, 10));
  const month = Number(value.slice(10, 12));
  const day = Number(value.slice(12, 14));
  const birth = new Date(Date.UTC(year, month - 1, day));
  if (birth.getUTCFullYear() !== year || birth.getUTCMonth() !== month - 1 || birth.getUTCDate() !== day) return false;
  if (birth.getTime() > Date.now()) return false;
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(value[i]) * (ID_WEIGHTS[i] as number);
  return ID_CHECK_CODES[sum % 11] === value[17]?.toUpperCase();
}
export const checkIdCard: Check = (value) => (isValidIdCard(value) ? null : RULE_MESSAGES.idCard);

export const isValidSheetName = (value: string): boolean => !PATTERNS.sheetNameForbidden.test(value);
export const checkSheetName: Check = (value) => (isValidSheetName(value) ? null : RULE_MESSAGES.sheetName);

export interface IntegerRange {
  min?: number;
  max?: number;
}

/** Positive integer (1, 2, …), optionally within [min, max]. */
export function checkPositiveInteger(value: string | number, range: IntegerRange = {}): string | null {
  const text = String(value).trim();
  if (!PATTERNS.positiveInteger.test(text)) return RULE_MESSAGES.positiveInteger;
  const number = Number(text);
  const { min, max } = range;
  if ((min !== undefined && number < min) || (max !== undefined && number > max)) return RULE_MESSAGES.range(min, max);
  return null;
}
