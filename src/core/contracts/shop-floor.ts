import { Type, type Static } from '@sinclair/typebox';
import { Id } from './common';

/**
 * Shop-floor master data (spec §7 "Basic data": ic_card, work machine, undesirable reason): IC
 * cards bound to staff, all-in-one machines (一体机) bound to devices, and bad phenomena (不良现象)
 * per process.
 */
export const ShopFloorPaths = {
  icCardList: '/dps-server/ic_card/list',
  icCardCreate: '/dps-server/ic_card/create',
  icCardUpdate: '/dps-server/ic_card/update',
  icCardDeleteBatch: '/dps-server/ic_card/delete_batch',
  icCardBind: '/dps-server/ic_card/bind',
  icCardUnbind: '/dps-server/ic_card/unbind',
  workMachineList: '/dps-server/work_machine/list',
  workMachineDetail: (id: number | string) => `/dps-server/work_machine/detail/${id}`,
  workMachineCreate: '/dps-server/work_machine/create',
  workMachineUpdate: '/dps-server/work_machine/update',
  workMachineDeleteBatch: '/dps-server/work_machine/delete_batch',
  badReasonList: '/dps-server/undesirable_reason/list',
  badReasonCreate: '/dps-server/undesirable_reason/create',
  badReasonUpdate: '/dps-server/undesirable_reason/update',
  badReasonDeleteBatch: '/dps-server/undesirable_reason/delete_batch',
} as const;

const OptionalId = Type.Optional(Type.Union([Id, Type.Null()]));
const PageFields = {
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  sort: Type.Optional(Type.String({ maxLength: 50 })),
};
const Text = Type.Optional(Type.String({ maxLength: 100 }));
const Multi = Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Integer(), Type.Array(Type.Integer())]));
const Remark = Type.Optional(Type.String({ maxLength: 200 }));
const Stamps = { createTime: Type.String(), updateTime: Type.String() };

// ---- IC cards -----------------------------------------------------------------------------------

export const IcCardListQuery = Type.Object({
  ...PageFields,
  cardNo: Text,
  nickName: Text,
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
  cardNo: Type.String({ minLength: 4, maxLength: 20, pattern: '^[A-Za-z0-9]+$' }),
  userId: OptionalId,
  remark: Remark,
};
export const CreateIcCardRequest = Type.Object(IcCardFields);
export type CreateIcCardRequest = Static<typeof CreateIcCardRequest>;
/** userId absent keeps the binding; null unbinds. */
export const UpdateIcCardRequest = Type.Object({ id: Id, ...IcCardFields });
export type UpdateIcCardRequest = Static<typeof UpdateIcCardRequest>;
export const BindIcCardRequest = Type.Object({ id: Id, userId: Id });
export type BindIcCardRequest = Static<typeof BindIcCardRequest>;
export const UnbindIcCardRequest = Type.Object({ id: Id });
export type UnbindIcCardRequest = Static<typeof UnbindIcCardRequest>;

// ---- all-in-one machines ----------------------------------------------------------------------

export const WorkMachineListQuery = Type.Object({ ...PageFields, machineCode: Text, machineName: Text });
export type WorkMachineListQuery = Static<typeof WorkMachineListQuery>;
export const WorkMachine = Type.Object({
  id: Type.Integer(),
  machineCode: Type.String(),
  machineName: Type.String(),
  ip: Type.String(),
  remark: Type.String(),
  devices: Type.Array(Type.Object({ deviceId: Type.Integer(), deviceNo: Type.String(), deviceName: Type.String() })),
  ...Stamps,
});
export type WorkMachine = Static<typeof WorkMachine>;
const WorkMachineFields = {
  machineCode: Type.String({ minLength: 1, maxLength: 20, pattern: '^[A-Za-z0-9_-]+$' }),
  machineName: Type.String({ minLength: 1, maxLength: 30 }),
  /** IPv4 address of the terminal, or ''. */
  ip: Type.Optional(Type.String({ maxLength: 15, pattern: '^((25[0-5]|2[0-4]\\d|1?\\d?\\d)(\\.(25[0-5]|2[0-4]\\d|1?\\d?\\d)){3})?$' })),
  deviceIds: Type.Array(Id, { maxItems: 20, uniqueItems: true }),
  remark: Remark,
};
export const CreateWorkMachineRequest = Type.Object(WorkMachineFields);
export type CreateWorkMachineRequest = Static<typeof CreateWorkMachineRequest>;
export const UpdateWorkMachineRequest = Type.Object({ id: Id, ...WorkMachineFields });
export type UpdateWorkMachineRequest = Static<typeof UpdateWorkMachineRequest>;

// ---- bad phenomena ----------------------------------------------------------------------------

export const BadReasonListQuery = Type.Object({ ...PageFields, reasonCode: Text, reasonName: Text, processId: Multi, enabled: Type.Optional(Type.Union([Type.Boolean(), Type.String({ maxLength: 5 })])) });
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
  reasonCode: Type.String({ minLength: 1, maxLength: 20, pattern: '^[A-Za-z0-9_-]+$' }),
  reasonName: Type.String({ minLength: 1, maxLength: 30 }),
  processId: Id,
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 9999 })),
  enabled: Type.Optional(Type.Boolean()),
  remark: Remark,
};
export const CreateBadReasonRequest = Type.Object(BadReasonFields);
export type CreateBadReasonRequest = Static<typeof CreateBadReasonRequest>;
export const UpdateBadReasonRequest = Type.Object({ id: Id, ...BadReasonFields });
export type UpdateBadReasonRequest = Static<typeof UpdateBadReasonRequest>;

export const SHOP_FLOOR_FIELD_LABELS: Record<string, string> = {
  cardNo: 'IC卡号',
  machineCode: '一体机编码',
  machineName: '一体机名称',
  ip: 'IP地址',
  deviceIds: '绑定设备',
  reasonCode: '不良现象编码',
  reasonName: '不良现象名称',
  processId: '工序',
};
