import type { ReactNode } from 'react';
import {
  AppstoreOutlined,
  BarChartOutlined,
  ColumnWidthOutlined,
  DashboardOutlined,
  ExperimentOutlined,
  HomeOutlined,
  PrinterOutlined,
  ProfileOutlined,
  SafetyCertificateOutlined,
  ScheduleOutlined,
  SettingOutlined,
  TeamOutlined,
  ToolOutlined,
} from '@ant-design/icons';

/** Icons named by the route catalogue (`RouteGroup.icon`). */
const ICONS: Record<string, ReactNode> = {
  home: <HomeOutlined />,
  dashboard: <DashboardOutlined />,
  'bar-chart': <BarChartOutlined />,
  tool: <ToolOutlined />,
  appstore: <AppstoreOutlined />,
  'safety-certificate': <SafetyCertificateOutlined />,
  'column-width': <ColumnWidthOutlined />,
  schedule: <ScheduleOutlined />,
  profile: <ProfileOutlined />,
  experiment: <ExperimentOutlined />,
  setting: <SettingOutlined />,
  printer: <PrinterOutlined />,
  team: <TeamOutlined />,
};

export function menuIcon(name: string): ReactNode {
  return ICONS[name] ?? <AppstoreOutlined />;
}
