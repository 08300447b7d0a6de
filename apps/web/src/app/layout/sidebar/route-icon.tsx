import {
  AccountBookOutlined,
  AlertOutlined,
  ApartmentOutlined,
  ApiOutlined,
  AppstoreOutlined,
  BankOutlined,
  BugOutlined,
  BulbOutlined,
  ClockCircleOutlined,
  CloudOutlined,
  CodeOutlined,
  ClusterOutlined,
  CoffeeOutlined,
  ControlOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  EnvironmentOutlined,
  ExperimentOutlined,
  FileTextOutlined,
  FundOutlined,
  GlobalOutlined,
  GroupOutlined,
  HomeOutlined,
  NotificationOutlined,
  ProfileOutlined,
  ProjectOutlined,
  RobotOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  ToolOutlined,
  UnorderedListOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/**
 * meta.icon names (the kebab-case names of @ant-design/icons, as the server's route table sends them).
 * Imported one by one so the bundle carries only these, not the whole icon set.
 */
const ICONS: Record<string, ComponentType<{ 'aria-hidden'?: boolean }>> = {
  'account-book': AccountBookOutlined,
  alert: AlertOutlined,
  apartment: ApartmentOutlined,
  api: ApiOutlined,
  appstore: AppstoreOutlined,
  bank: BankOutlined,
  bug: BugOutlined,
  bulb: BulbOutlined,
  'clock-circle': ClockCircleOutlined,
  cloud: CloudOutlined,
  code: CodeOutlined,
  cluster: ClusterOutlined,
  coffee: CoffeeOutlined,
  control: ControlOutlined,
  'customer-service': CustomerServiceOutlined,
  dashboard: DashboardOutlined,
  environment: EnvironmentOutlined,
  experiment: ExperimentOutlined,
  'file-text': FileTextOutlined,
  fund: FundOutlined,
  global: GlobalOutlined,
  group: GroupOutlined,
  home: HomeOutlined,
  notification: NotificationOutlined,
  profile: ProfileOutlined,
  project: ProjectOutlined,
  robot: RobotOutlined,
  team: TeamOutlined,
  thunderbolt: ThunderboltOutlined,
  tool: ToolOutlined,
  'unordered-list': UnorderedListOutlined,
  user: UserOutlined,
};

/**
 * The icon for a meta.icon name; nothing for an unknown name rather than a misleading default. Hidden
 * from screen readers: the entry's title names it, the icon's English file name would only add noise.
 */
export function RouteIcon({ name }: { name: string | undefined }) {
  const Icon = name ? ICONS[name] : undefined;
  return Icon ? <Icon aria-hidden /> : null;
}
