import { Table, Tag } from 'antd';
import type { SparePartStock } from '@core/contracts/device-repair';
import { useLoaded } from '@app/components/use-loaded';
import { deviceLiveApi } from '../../device-live.api';

/** 备品备件: the device's spare parts (设备建模) with their stock now; none left is flagged. */
export function SparePartsTab({ deviceId }: { deviceId: number }) {
  const { data, loading } = useLoaded(() => deviceLiveApi.spareParts(deviceId), `spare-parts:${deviceId}`, []);
  return (
    <Table<SparePartStock>
      className="mes-detail-spare-parts"
      size="small"
      rowKey="id"
      loading={loading}
      dataSource={data}
      pagination={false}
      locale={{ emptyText: '该设备没有备品备件' }}
      columns={[
        { title: '备件编号', dataIndex: 'partNo', width: 140 },
        { title: '备件名称', dataIndex: 'partName' },
        { title: '规格', dataIndex: 'spec', width: 160 },
        { title: '单位', dataIndex: 'unit', width: 80 },
        { title: '库存', dataIndex: 'quantity', width: 120, render: (value: number) => (value > 0 ? value : <Tag color="red">缺货</Tag>) },
      ]}
    />
  );
}
