import type { FastifyBaseLogger } from 'fastify';

/**
 * Delivers a fault alert to a group-chat robot (DingTalk, WeCom, Feishu…). Production plugs in a
 * real HTTP sender; the default writes the alert to the server log. The server only ever hands it
 * addresses configured for the factory (告警群设置), never one taken from a request as it is.
 */
export interface AlertSender {
  send(url: string, message: string): Promise<void>;
}

export function logAlertSender(log: Pick<FastifyBaseLogger, 'info'>): AlertSender {
  return {
    async send(url, message) {
      log.info({ url, alert: message }, `告警 → ${url}: ${message}`);
    },
  };
}
