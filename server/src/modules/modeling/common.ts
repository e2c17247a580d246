import { guardUnique as guardUniqueIndex } from '../../lib/unique';

/** Unique index → the 4009 message a concurrent duplicate gets. */
export const UNIQUE_MESSAGES: Record<string, string> = {
  workshop_name_uq: '车间名称已存在',
  device_type_code_uq: '设备类型编码已存在',
  device_no_uq: '设备编号已存在',
  process_group_name_uq: '工序组名称已存在',
  process_code_uq: '工序编码已存在',
  process_flow_code_uq: '工艺路线编码已存在',
  product_no_uq: '产品编号已存在',
  class_team_name_uq: '班组名称已存在',
  class_team_member_uq: '班组成员重复',
  employee_position_name_uq: '岗位名称已存在',
};

/** A write whose unique-index violations become this module's 4009 messages. */
export function guardUnique<T>(write: () => Promise<T>): Promise<T> {
  return guardUniqueIndex(write, UNIQUE_MESSAGES);
}
