import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { ListPage } from '@app/components';
import { ticketTemplateList } from '../ticket-template.list';

/** 流转卡模板 tab of 基础配置: the list; 新增/编辑 open the /ticket-temp-cfg editor. */
export default function TicketTemplatesTab() {
  const navigate = useNavigate();
  const spec = useMemo(() => ticketTemplateList((path) => navigate(path)), [navigate]);
  return <ListPage spec={spec} />;
}
