import type { CreateDeviceTypeRequest, DeviceTypeNode, UpdateDeviceTypeRequest } from '@core/contracts/modeling';
import type { Db } from '../../db';
import { recordOperation, type OperationContext } from '../../db/operation-log';
import type { Scope } from '../../plugins/auth';
import { UNIQUE_MESSAGES } from './common';
import { buildTree, requireIds, summary } from '../../lib/rows';
import { conflict, notFound } from '../../lib/errors';
import { inScope, insertRow, refuseTaken, updateRow, writeUnique } from '../../lib/scoped';

export const DeviceTypeMessages = {
  notFound: '设备类型不存在',
  parentNotFound: '上级设备类型不存在',
  codeTaken: '设备类型编码已存在',
  ownParent: '上级设备类型不能是自己或自己的下级',
  hasChildren: (names: string) => `设备类型「${names}」下存在下级类型，无法删除`,
  hasDevices: (names: string) => `设备类型「${names}」下存在设备，无法删除`,
} as const;

async function typeRows(db: Db, scope: Scope) {
  return db
    .selectFrom('device_type')
    .select(['id', 'code', 'name', 'parent_id as parentId'])
    .where(inScope(scope))
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** The multistage device-type tree (spec §3), optionally with devices as leaves. */
export class DeviceTypeService {
  constructor(private readonly db: Db) {}

  async tree(scope: Scope, withDevices: boolean): Promise<DeviceTypeNode[]> {
    const rows = await typeRows(this.db, scope);
    const nodes = new Map<number, DeviceTypeNode>();
    const roots = buildTree(
      rows,
      (row) => {
        const node: DeviceTypeNode = {
          id: row.id,
          machineType: row.code,
          machineTypeName: row.name,
          parentId: row.parentId,
          isDeviceFlag: false,
          nextLevelDeviceMultistageTree: [],
        };
        nodes.set(row.id, node);
        return node;
      },
      (node) => node.nextLevelDeviceMultistageTree,
    );
    if (withDevices) {
      const devices = await this.db
        .selectFrom('device')
        .select(['id', 'device_no', 'name', 'device_type_id'])
        .where(inScope(scope))
        .where('device_type_id', 'is not', null)
        .orderBy('device_no')
        .execute();
      for (const device of devices) {
        nodes.get(device.device_type_id!)?.nextLevelDeviceMultistageTree.push({
          id: device.id,
          machineType: device.device_no,
          machineTypeName: device.name,
          parentId: device.device_type_id,
          isDeviceFlag: true,
          nextLevelDeviceMultistageTree: [],
        });
      }
    }
    return roots;
  }

  async create(scope: Scope, request: CreateDeviceTypeRequest, context: OperationContext): Promise<{ id: number }> {
    const name = request.machineTypeName.trim();
    return writeUnique(this.db, UNIQUE_MESSAGES, async (trx) => {
      await requireIds(trx, 'device_type', scope, [request.parentId], DeviceTypeMessages.parentNotFound);
      await refuseTaken(trx, 'device_type', 'code', scope, request.machineType, DeviceTypeMessages.codeTaken);
      const id = await insertRow(trx, 'device_type', scope, {
        parent_id: request.parentId ?? null,
        code: request.machineType,
        name,
        sort: request.sort ?? 0,
      });
      await recordOperation(trx, context, { ...scope, content: `新增设备类型：${request.machineType} ${name}` });
      return { id };
    });
  }

  async update(scope: Scope, request: UpdateDeviceTypeRequest, context: OperationContext): Promise<void> {
    const name = request.machineTypeName.trim();
    const parentId = request.parentId ?? null;
    await writeUnique(this.db, UNIQUE_MESSAGES, async (trx) => {
      const rows = await typeRows(trx, scope);
      const byId = new Map(rows.map((row) => [row.id, row]));
      if (!byId.has(request.id)) throw notFound(DeviceTypeMessages.notFound);
      if (parentId !== null && !byId.has(parentId)) throw notFound(DeviceTypeMessages.parentNotFound);
      // The new parent may not be the node itself or one of its descendants.
      for (let cursor = parentId; cursor !== null; cursor = byId.get(cursor)?.parentId ?? null) {
        if (cursor === request.id) throw conflict(DeviceTypeMessages.ownParent);
      }
      await refuseTaken(trx, 'device_type', 'code', scope, request.machineType, DeviceTypeMessages.codeTaken, request.id);
      await updateRow(trx, 'device_type', scope, request.id, { parent_id: parentId, code: request.machineType, name, sort: request.sort ?? 0 });
      await recordOperation(trx, context, { ...scope, content: `编辑设备类型：${request.machineType} ${name}` });
    });
  }

  async deleteBatch(scope: Scope, ids: number[], context: OperationContext): Promise<{ deleted: number }> {
    return this.db.transaction().execute(async (trx) => {
      const rows = await typeRows(trx, scope);
      const wanted = new Set(ids);
      const targets = rows.filter((row) => wanted.has(row.id));
      if (targets.length !== ids.length) throw notFound(DeviceTypeMessages.notFound);
      const withChildren = targets.filter((target) => rows.some((row) => row.parentId === target.id && !wanted.has(row.id)));
      if (withChildren.length > 0) throw conflict(DeviceTypeMessages.hasChildren(summary(withChildren.map((row) => row.name))));
      const used = await trx
        .selectFrom('device')
        .select('device_type_id')
        .distinct()
        .where(inScope(scope))
        .where('device_type_id', 'in', ids)
        .execute();
      if (used.length > 0) {
        const usedIds = new Set(used.map((row) => row.device_type_id));
        throw conflict(DeviceTypeMessages.hasDevices(summary(targets.filter((row) => usedIds.has(row.id)).map((row) => row.name))));
      }
      // Children first: a selected parent and its selected children go together.
      const depth = (id: number): number => {
        let level = 0;
        for (let cursor = rows.find((row) => row.id === id)?.parentId ?? null; cursor !== null; cursor = rows.find((row) => row.id === cursor)?.parentId ?? null) level += 1;
        return level;
      };
      for (const target of [...targets].sort((a, b) => depth(b.id) - depth(a.id))) {
        await trx
          .deleteFrom('device_type')
          .where(inScope(scope))
          .where('id', '=', target.id)
          .execute();
      }
      await recordOperation(trx, context, { ...scope, content: `删除设备类型：${summary(targets.map((row) => row.name))}` });
      return { deleted: targets.length };
    });
  }
}

