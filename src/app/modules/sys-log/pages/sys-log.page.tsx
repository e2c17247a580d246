import { ListPage } from '@app/components';
import { sysLogList } from '../sys-log.list';

/** 系统日志 (/sys-log). */
export default function SysLogPage() {
  return <ListPage spec={sysLogList} />;
}
