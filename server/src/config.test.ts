import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('server config', () => {
  it('works in the factory’s time zone: Asia/Shanghai unless FACTORY_TIME_ZONE names another', () => {
    expect(loadConfig({}).timeZone).toBe('Asia/Shanghai');
    expect(loadConfig({ FACTORY_TIME_ZONE: ' Europe/Berlin ' }).timeZone).toBe('Europe/Berlin');
    expect(() => loadConfig({ FACTORY_TIME_ZONE: 'Mars/Olympus' })).toThrow('环境变量 FACTORY_TIME_ZONE 不是有效的时区');
  });

  it('refuses a setting out of range with a message naming it', () => {
    expect(() => loadConfig({ DEVICE_OFFLINE_MINUTES: '0' })).toThrow('环境变量 DEVICE_OFFLINE_MINUTES 必须是 1–10080 的整数');
  });
});
