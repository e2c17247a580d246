import { useMemo } from 'react';
import { App } from 'antd';
import { taskActionRefusal, type ScheduleOrder } from '@core/contracts/schedule';
import { ListPage, useListReload } from '@app/components';
import { scheduleApi } from '../schedule.api';
import { scheduleOrderList } from '../orders.list';
import { CalcJobBar, useJobReloads, useReloadOnJobEnd } from '../components/calc-job';
import { ScheduleFrame } from '../components/schedule-frame';

/** 待排订单 (/schedule-production-order): orders still to schedule; 自动排产 runs in the background with its progress shown. */
export default function ScheduleOrdersPage() {
  const { message } = App.useApp();
  const { calc, ended } = useJobReloads();
  const [list, reload] = useListReload();
  const { follow } = calc;

  const spec = useMemo(
    () =>
      scheduleOrderList({
        reload,
        autoSchedule: async (orders: readonly ScheduleOrder[]) => {
          const details = await Promise.all(orders.map((order) => scheduleApi.orderDetail(order.id)));
          const ids = details.flatMap((detail) => detail.tasks.filter((task) => !taskActionRefusal(task, 'autoSchedule')).map((task) => task.id));
          if (ids.length === 0) {
            void message.warning('所选订单没有可自动排产的工序');
            return;
          }
          const job = await scheduleApi.autoSchedule(ids);
          void message.success('已开始自动排产');
          follow(job);
        },
      }),
    [message, reload, follow],
  );
  useReloadOnJobEnd(ended, reload);

  return (
    <ScheduleFrame name="orders">
      <CalcJobBar calc={calc} showStart={false} />
      <ListPage handle={list} spec={spec} />
    </ScheduleFrame>
  );
}
