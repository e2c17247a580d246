import { CRUD, defineAuthorities, entityActions } from '../module';

/** The two kinds of device care (issue 10): 点检 (/device-check-cfg) and 保养 (/maintenance-cfg), the same shape. */
export type CareKind = 'check' | 'maintenance';

/** One kind's codes: its page, schemes and plans (新增/编辑/删除), 立即生成, 执行 and 报修 of a work order. */
function careAuthorities<const P extends string>(page: P, noun: string) {
  return defineAuthorities({
    group: 'MENU_DEVICE',
    page: `MENU_DEVICE_${page}`,
    ...entityActions('scheme', `ACTION_${page}_SCHEME`, `${noun}方案`, CRUD),
    ...entityActions('plan', `ACTION_${page}_PLAN`, `${noun}计划`, CRUD),
    generate: { code: `ACTION_${page}_GENERATE`, name: `${noun}计划-立即生成` },
    execute: { code: `ACTION_${page}_EXECUTE`, name: `${noun}工单-执行` },
    repair: { code: `ACTION_${page}_REPAIR`, name: `${noun}工单-异常报修` },
    /** The shared device knowledge base (知识库, kept with 设备台账): add, edit and delete entries from this page. */
    knowledge: { code: `ACTION_${page}_KNOWLEDGE`, name: `${noun}知识库-维护` },
  });
}

const check = careAuthorities('CHECK', '点检');
const maintenance = careAuthorities('MAINTENANCE', '保养');

/** Authority codes of 设备点检 and 设备保养, declared once; `DeviceCareAuthorities[kind].execute`… */
export const DeviceCareAuthorities = { check: check.codes, maintenance: maintenance.codes } as const;
export type CareAuthorities = (typeof DeviceCareAuthorities)[CareKind];
/** The button actions of both pages with their permission-tree names. */
export const DEVICE_CARE_ACTIONS = [...check.actions, ...maintenance.actions];
