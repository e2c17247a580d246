import { Type, type Static } from '@sinclair/typebox';
import { ModelingAuthorities as A } from '../../access/authorities/modeling';
import { Id, IdParams, MultiFilter, NoData, OptionalId, PageFields, PageResult, Remark, Sort, Stamps, TextFilter, titled, updateOf } from '../common';
import { crudEndpoints, get, pathsOf, post } from '../endpoint';


// ---- IC cards -----------------------------------------------------------------------------------

export const IcCardListQuery = Type.Object({
  ...PageFields,
  cardNo: TextFilter('IC卡号'),
  nickName: TextFilter('姓名'),
  /** 'true' bound, 'false' unbound. */
  bound: Type.Optional(Type.Union([Type.Boolean(), Type.String({ maxLength: 5 })])),
});
export type IcCardListQuery = Static<typeof IcCardListQuery>;
export const IcCard = Type.Object({
  id: Type.Integer(),
  cardNo: Type.String(),
  userId: Type.Union([Type.Integer(), Type.Null()]),
  username: Type.String(),
  nickName: Type.String(),
  bindTime: Type.String(),
  remark: Type.String(),
  ...Stamps,
});
export type IcCard = Static<typeof IcCard>;
const IcCardFields = {
  cardNo: Type.String({ title: 'IC卡号', minLength: 4, maxLength: 20, pattern: '^[A-Za-z0-9]+$' }),
  userId: OptionalId('绑定人员'),
  remark: Remark(),
};
export const CreateIcCardRequest = Type.Object(IcCardFields);
export type CreateIcCardRequest = Static<typeof CreateIcCardRequest>;
/** userId absent keeps the binding; null unbinds. */
export const UpdateIcCardRequest = updateOf(IcCardFields);
export type UpdateIcCardRequest = Static<typeof UpdateIcCardRequest>;
export const BindIcCardRequest = Type.Object({ id: titled(Id, '编号'), userId: titled(Id, '绑定人员') });
export type BindIcCardRequest = Static<typeof BindIcCardRequest>;
export const UnbindIcCardRequest = Type.Object({ id: titled(Id, '编号') });
export type UnbindIcCardRequest = Static<typeof UnbindIcCardRequest>;

// ---- all-in-one machines ----------------------------------------------------------------------

export const WorkMachineListQuery = Type.Object({ ...PageFields, machineCode: TextFilter('一体机编码'), machineName: TextFilter('一体机名称') });
export type WorkMachineListQuery = Static<typeof WorkMachineListQuery>;
export const WorkMachine = Type.Object({
  id: Type.Integer(),
  machineCode: Type.String(),
  machineName: Type.String(),
  ip: Type.String(),
  remark: Type.String(),
  devices: Type.Array(Type.Object({ deviceId: Type.Integer(), deviceNo: Type.String(), deviceName: Type.String() })),
  /** The first characters of the machine's live key ('' without one): the key itself is shown once only. */
  keyHint: Type.String(),
  /** When the live key was issued (yyyy-MM-dd HH:mm:ss, '' without one). */
  keyIssuedAt: Type.String(),
  ...Stamps,
});
export type WorkMachine = Static<typeof WorkMachine>;
export const WorkMachineKeyRequest = Type.Object({ id: titled(Id, '一体机') });
export type WorkMachineKeyRequest = Static<typeof WorkMachineKeyRequest>;
/** A newly issued machine key: shown once, never readable again (only its hash is stored). */
export const IssuedMachineKey = Type.Object({ key: Type.String(), keyHint: Type.String() });
export type IssuedMachineKey = Static<typeof IssuedMachineKey>;
const WorkMachineFields = {
  machineCode: Type.String({ title: '一体机编码', minLength: 1, maxLength: 20, pattern: '^[A-Za-z0-9_-]+$' }),
  machineName: Type.String({ title: '一体机名称', minLength: 1, maxLength: 30 }),
  /** IPv4 address of the terminal, or ''. */
  ip: Type.Optional(Type.String({ title: 'IP地址', maxLength: 15, pattern: '^((25[0-5]|2[0-4]\\d|1?\\d?\\d)(\\.(25[0-5]|2[0-4]\\d|1?\\d?\\d)){3})?$' })),
  deviceIds: Type.Array(Id, { title: '绑定设备', maxItems: 20, uniqueItems: true }),
  remark: Remark(),
};
export const CreateWorkMachineRequest = Type.Object(WorkMachineFields);
export type CreateWorkMachineRequest = Static<typeof CreateWorkMachineRequest>;
export const UpdateWorkMachineRequest = updateOf(WorkMachineFields);
export type UpdateWorkMachineRequest = Static<typeof UpdateWorkMachineRequest>;

// ---- bad phenomena ----------------------------------------------------------------------------

export const BadReasonListQuery = Type.Object({ ...PageFields, reasonCode: TextFilter('不良现象编码'), reasonName: TextFilter('不良现象名称'), processId: MultiFilter('工序'), enabled: Type.Optional(Type.Union([Type.Boolean(), Type.String({ maxLength: 5 })], { title: '启用' })) });
export type BadReasonListQuery = Static<typeof BadReasonListQuery>;
export const BadReason = Type.Object({
  id: Type.Integer(),
  reasonCode: Type.String(),
  reasonName: Type.String(),
  processId: Type.Integer(),
  processName: Type.String(),
  sort: Type.Integer(),
  enabled: Type.Boolean(),
  remark: Type.String(),
  ...Stamps,
});
export type BadReason = Static<typeof BadReason>;
const BadReasonFields = {
  reasonCode: Type.String({ title: '不良现象编码', minLength: 1, maxLength: 20, pattern: '^[A-Za-z0-9_-]+$' }),
  reasonName: Type.String({ title: '不良现象名称', minLength: 1, maxLength: 30 }),
  processId: titled(Id, '工序'),
  sort: Sort(),
  enabled: Type.Optional(Type.Boolean({ title: '启用' })),
  remark: Remark(),
};
export const CreateBadReasonRequest = Type.Object(BadReasonFields);
export type CreateBadReasonRequest = Static<typeof CreateBadReasonRequest>;
export const UpdateBadReasonRequest = updateOf(BadReasonFields);
export type UpdateBadReasonRequest = Static<typeof UpdateBadReasonRequest>;

/**
 * Shop-floor master data (spec §7 "Basic data": ic_card, work machine, undesirable reason): IC
 * cards bound to staff, all-in-one machines (一体机) bound to devices, and bad phenomena (不良现象)
 * per process. IC cards and bad phenomena are tabs of /modeling (read with MENU_SYS_MODELING),
 * all-in-one machines are /oneMachine (read with MENU_SYS_ONE_MACHINE).
 */
export const ShopFloorApi = {
  icCardList: get('/dps-server/ic_card/list', { query: IcCardListQuery, response: PageResult(IcCard), authority: A.page }),
  ...crudEndpoints('icCard', '/dps-server/ic_card', CreateIcCardRequest, UpdateIcCardRequest, { add: A.icCardAdd, edit: A.icCardEdit, remove: A.icCardDelete }),
  icCardBind: post('/dps-server/ic_card/bind', { body: BindIcCardRequest, response: NoData, authority: A.icCardBind }),
  icCardUnbind: post('/dps-server/ic_card/unbind', { body: UnbindIcCardRequest, response: NoData, authority: A.icCardBind }),
  workMachineList: get('/dps-server/work_machine/list', { query: WorkMachineListQuery, response: PageResult(WorkMachine), authority: A.oneMachine }),
  workMachineDetail: get('/dps-server/work_machine/detail/:id', { params: IdParams, response: WorkMachine, authority: A.oneMachine }),
  ...crudEndpoints('workMachine', '/dps-server/work_machine', CreateWorkMachineRequest, UpdateWorkMachineRequest, { add: A.workMachineAdd, edit: A.workMachineEdit, remove: A.workMachineDelete }),
  /** A new machine key (the old one stops working); the answer is the only time the key is shown. */
  workMachineKeyIssue: post('/dps-server/work_machine/key/issue', { body: WorkMachineKeyRequest, response: IssuedMachineKey, authority: A.workMachineKey }),
  workMachineKeyRevoke: post('/dps-server/work_machine/key/revoke', { body: WorkMachineKeyRequest, response: NoData, authority: A.workMachineKey }),
  badReasonList: get('/dps-server/undesirable_reason/list', { query: BadReasonListQuery, response: PageResult(BadReason), authority: A.page }),
  ...crudEndpoints('badReason', '/dps-server/undesirable_reason', CreateBadReasonRequest, UpdateBadReasonRequest, { add: A.badReasonAdd, edit: A.badReasonEdit, remove: A.badReasonDelete }),
};
export const ShopFloorPaths = pathsOf(ShopFloorApi);
