import { describe, expect, it } from 'vitest';
import { ModelingPaths, type WorkFlow } from '@core/contracts/modeling';
import type { PageResult } from '@core/contracts/common';
import { operationLogCount, type TestApp, useTwoFactoryApp } from '../../test-support';

let t: TestApp;
let admin: string;

const { get, post, data } = useTwoFactoryApp((env) => ({ t, admin } = env));

async function flow(code: string): Promise<WorkFlow> {
  return (await data(get<PageResult<WorkFlow>>(admin, `${ModelingPaths.workFlowList}?flowCode=${code}&limit=1000`))).list.find((row) => row.flowCode === code)!;
}

// A flow that products use is refused (their products would lose their route); the refusal and the
// list row both say how many products use it, so the console can say so before asking.
describe('deleting a process flow that products use', () => {
  it('is refused, naming how many products use it, and changes nothing', async () => {
    const used = await flow('GY01');
    const productRows = await t.db.selectFrom('product').select('id').where('process_flow_id', '=', used.id).where('org_id', '=', 1001).execute();
    expect(used.productCount).toBe(productRows.length);
    expect(used.productCount).toBeGreaterThan(1);
    const logs = await operationLogCount(t.db, '删除工艺路线');

    expect(await post(admin, ModelingPaths.workFlowDeleteBatch, { ids: [used.id] })).toEqual({
      resultCode: 4009,
      resultMsg: `工艺路线「开槽粘箱」已被${used.productCount}个产品使用，无法删除，请先为这些产品更换工艺路线`,
    });
    expect(await flow('GY01')).toEqual(used);
    expect(await operationLogCount(t.db, '删除工艺路线')).toBe(logs);
  });

  it('counts the products of every flow in a batch, and deletes nothing of it', async () => {
    const a = await flow('GY01');
    const steps = (await data(get<{ steps: Array<{ processId: number }> }>(admin, ModelingPaths.workFlowDetail(a.id)))).steps.map(({ processId }) => ({ processId }));
    const unused = await data(post<{ id: number }>(admin, ModelingPaths.workFlowCreate, { flowCode: 'FREE1', flowName: '无人使用', steps }));
    const others = (await data(get<PageResult<WorkFlow>>(admin, `${ModelingPaths.workFlowList}?limit=1000`))).list.filter((row) => row.productCount > 0 && row.id !== a.id);
    const b = others[0]!;
    const refused = await post(admin, ModelingPaths.workFlowDeleteBatch, { ids: [a.id, b.id, unused.id] });
    expect(refused.resultCode).toBe(4009);
    expect(refused.resultMsg).toContain(`已被${a.productCount + b.productCount}个产品使用`);
    expect((await flow('FREE1')).id).toBe(unused.id);
    await data(post(admin, ModelingPaths.workFlowDeleteBatch, { ids: [unused.id] }));
    expect(await flow('FREE1')).toBeUndefined();
  });
});
