import { ListPage } from '@app/components';
import { workMachineList } from '../shop-floor.list';

const spec = workMachineList();

/** 一体机 tab (also the /oneMachine page): the shop-floor terminals and the devices each reports for. */
export default function WorkMachinesTab() {
  return <ListPage spec={spec} />;
}
