import { describe, expect, it } from 'vitest';
import { ModelingPaths, type Process } from '@core/contracts/modeling';
import { OVER_REPORT_PERCENT } from '@core/contracts/common';
import type { EnterpriseConfig } from '@core/contracts/sys-cfg';
import { useTwoFactoryApp } from '../../test-support';

let admin: string;
const CONFIG_UPDATE = '/dps-server/enterprise/config/update';
const CONFIG_FIND = '/dps-server/enterprise/config/find';
const REFUSED = { resultCode: 4000, resultMsg: expect.stringMatching(/^超报比例.*不能(大于100|小于0)$/) };

const { get, post, data } = useTwoFactoryApp((env) => ({ admin } = env));

// One rule for how far a report may exceed the plan: a process's own limit and the enterprise default.
describe('over-report limit (超报比例)', () => {
  it('is 0–100 %', () => {
    expect(OVER_REPORT_PERCENT).toEqual({ min: 0, max: 100 });
  });

  it('a process accepts 100 and refuses 150 on create and update, changing nothing', async () => {
    expect(await post(admin, ModelingPaths.processCreate, { processCode: 'OR150', processName: '超报过大', overReportPercent: 150 })).toMatchObject(REFUSED);
    const { id } = await data(post<{ id: number }>(admin, ModelingPaths.processCreate, { processCode: 'OR100', processName: '超报满额', overReportPercent: 100 }));
    expect(await post(admin, ModelingPaths.processUpdate, { id, processCode: 'OR100', processName: '超报满额', overReportPercent: 150 })).toMatchObject(REFUSED);
    expect(await post(admin, ModelingPaths.processUpdate, { id, processCode: 'OR100', processName: '超报满额', overReportPercent: -1 })).toMatchObject(REFUSED);
    expect(await data(get<Process>(admin, `/dps-server/process/detail/${id}`))).toMatchObject({ overReportPercent: 100 });
  });

  it('the enterprise setting accepts 100 and refuses 150, changing nothing', async () => {
    await data(post(admin, CONFIG_UPDATE, { reportQuantityConfig: { overReportTolerancePercent: 100, defectCountsAsOutput: false } }));
    expect(await post(admin, CONFIG_UPDATE, { reportQuantityConfig: { overReportTolerancePercent: 150, defectCountsAsOutput: false } })).toMatchObject(REFUSED);
    expect((await data(get<EnterpriseConfig>(admin, CONFIG_FIND))).reportQuantityConfig.overReportTolerancePercent).toBe(100);
  });
});
