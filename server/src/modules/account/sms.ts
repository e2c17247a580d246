import type { FastifyBaseLogger } from 'fastify';

/** Delivers SMS texts; production plugs in a real gateway, the default writes to the server log. */
export interface SmsSender {
  send(mobile: string, text: string): Promise<void>;
}

export function logSmsSender(log: Pick<FastifyBaseLogger, 'info'>): SmsSender {
  return {
    async send(mobile, text) {
      log.info({ mobile, sms: text }, `短信 → ${mobile}: ${text}`);
    },
  };
}

export const SMS_CODE_TTL_MS = 5 * 60 * 1000;
export const SMS_RESEND_SECONDS = 60;
export const SMS_MAX_ATTEMPTS = 5;

export function smsText(code: string): string {
  return `【纸箱MES】您的验证码是${code}，${SMS_CODE_TTL_MS / 60_000}分钟内有效，请勿泄露给他人。`;
}

/** 138****0001 */
export function maskMobile(mobile: string): string {
  return mobile.length === 11 ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : mobile;
}
