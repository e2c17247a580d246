import { describe, expect, it } from 'vitest';
import os from 'node:os';
import { DEFAULT_POOL_MAX, loadConfig } from './config';

describe('server config', () => {
  it('works in the factory’s time zone: Asia/Shanghai unless FACTORY_TIME_ZONE names another', () => {
    expect(loadConfig({}).timeZone).toBe('Asia/Shanghai');
    expect(loadConfig({ FACTORY_TIME_ZONE: ' Europe/Berlin ' }).timeZone).toBe('Europe/Berlin');
    expect(() => loadConfig({ FACTORY_TIME_ZONE: 'Mars/Olympus' })).toThrow('环境变量 FACTORY_TIME_ZONE 不是有效的时区');
  });

  it('opens two PostgreSQL connections per core, 4 to 10, unless DATABASE_POOL_MAX says otherwise', () => {
    expect(DEFAULT_POOL_MAX).toBe(Math.min(10, Math.max(4, 2 * os.availableParallelism())));
    expect(loadConfig({}).databasePoolMax).toBe(DEFAULT_POOL_MAX);
    expect(loadConfig({ DATABASE_POOL_MAX: '25' }).databasePoolMax).toBe(25);
    expect(() => loadConfig({ DATABASE_POOL_MAX: '0' })).toThrow('环境变量 DATABASE_POOL_MAX 必须是 1–1000 的整数');
  });

  it('refuses a setting out of range with a message naming it', () => {
    expect(() => loadConfig({ DEVICE_OFFLINE_MINUTES: '0' })).toThrow('环境变量 DEVICE_OFFLINE_MINUTES 必须是 1–10080 的整数');
  });
});
