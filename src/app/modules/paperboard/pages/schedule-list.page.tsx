import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { ListPage } from '@app/components';
import { scheduleList } from '../schedule.list';

/** 排产单 (/paperboard/scheduleList): every schedule with its figures. */
export default function ScheduleListPage() {
  const navigate = useNavigate();
  const spec = useMemo(() => scheduleList((id) => navigate(`/paperboard/scheduleDetail?id=${id}`)), [navigate]);
  return <ListPage spec={spec} />;
}
