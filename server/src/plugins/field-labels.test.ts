import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultClient, startTwoFactoryApp, type TestApp } from '../test-support';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  ({ t, admin } = await startTwoFactoryApp());
});
afterAll(async () => {
  await t?.close();
});

const { post, get } = resultClient(() => t.app);

describe('validation messages name the field by its own schema title', () => {
  it('says 内宽 for a product width and 门幅 for a deckle width, though both fields are widthMm', async () => {
    const product = { productNo: 'LBL-1', productName: '标签', lengthMm: 100, widthMm: 20_000, heightMm: 100 };
    expect(await post(admin, '/dps-server/product/create', product)).toEqual({ resultCode: 4000, resultMsg: '内宽（mm）不能大于10000' });
    expect(await post(admin, '/dps-server/deckle_width/create', { widthMm: 4000 })).toEqual({ resultCode: 4000, resultMsg: '门幅（mm）不能大于3000' });
  });

  it('names a missing field by its title and an array element by its array', async () => {
    expect(await post(admin, '/dps-server/product/create', { productNo: 'LBL-2', productName: '标签', lengthMm: 100, heightMm: 1 })).toEqual({
      resultCode: 4000,
      resultMsg: '内宽（mm）不能为空',
    });
    expect(await post(admin, '/dps-server/flute/create', { fluteCode: 'D', fluteName: 'D楞', heightMm: 50, takeUpFactor: 1.2 })).toMatchObject({
      resultCode: 4000,
      resultMsg: expect.stringMatching(/^楞高（mm）/),
    });
    expect(await post(admin, '/dps-server/workshop/delete_batch', { ids: [0] })).toEqual({ resultCode: 4000, resultMsg: '所选数据不能小于1' });
    expect(await get(admin, '/dps-server/product/list?page=0')).toEqual({ resultCode: 4000, resultMsg: '页码不能小于1' });
  });
});
