import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthPaths } from '@core/contracts/paths';
import { bearer, createTestApp, loginAs, type TestApp } from '../../test-support';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function authoritiesOf(username: string, password: string): Promise<string[]> {
  const token = await loginAs(t.app, username, password);
  const response = await t.app.inject({ method: 'GET', url: AuthPaths.authorityAccount, headers: bearer(token) });
  const body = response.json() as { success: boolean; data: Array<{ authority: string }> };
  expect(body.success).toBe(true);
  return body.data.map((entry) => entry.authority);
}

describe('seeded operator (仅报工)', () => {
  it('may report work but not open or use 报工审核', async () => {
    const codes = await authoritiesOf('operator', 'op123456');
    expect(codes).toEqual(expect.arrayContaining(['MENU_WORK_ORDER', 'MENU_WORK_ORDER_RECORD', 'ACTION_WORK_ORDER_RECORD_PLATFORM_REPORT']));
    expect(codes.filter((code) => code.includes('WORK_ORDER_REVIEW'))).toEqual([]);
  });

  it('leaves 报工审核 to those who audit (admin)', async () => {
    const codes = await authoritiesOf('admin', 'admin123');
    expect(codes).toEqual(expect.arrayContaining(['MENU_WORK_ORDER_REVIEW', 'ACTION_WORK_ORDER_REVIEW_AUDIT']));
  });
});
