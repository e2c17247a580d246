import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountPaths } from '@core/contracts/account';
import { bearer, createTestApp, loginAs, type TestApp } from '../test-support';

/** Tag-input filters send comma-joined values; a `like` filter given several finds rows matching any of them. */
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin', 'admin123');
});
afterAll(async () => {
  await t?.close();
});

async function usernames(url: string): Promise<string[]> {
  const body = (await t.app.inject({ method: 'GET', url, headers: bearer(admin) })).json();
  expect(body, JSON.stringify(body)).toMatchObject({ resultCode: 1000 });
  return (body.resultData.list as Array<{ username: string }>).map((row) => row.username).sort();
}

describe('tag-input filters on like columns', () => {
  it('the staff list finds every username of the tags (staff01,staff02 → both)', async () => {
    expect(await usernames(`${AccountPaths.userList}?username=staff01,staff02&limit=100`)).toEqual(['staff01', 'staff02']);
    expect(await usernames(`${AccountPaths.staffList}?username=staff01,staff02&limit=100`)).toEqual(['staff01', 'staff02']);
    // One tag still matches by containment, as the plain text box did.
    expect(await usernames(`${AccountPaths.staffList}?username=staff0&limit=100`)).toHaveLength(9);
  });
});
