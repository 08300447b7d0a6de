/**
 * Field labels: list filters and call options no form shows beside a label of its own (found by
 * `../validation.test.ts`, which asks every field of a request schema for a label), and AC automation's
 * switches, worded as the console's form words them.
 */
export const requestsFieldsEn = {
  delete: 'Delete after download',
  values: 'Values',
  groupId: 'Group',
  result: 'Result',
  to: 'End date',
  keys: 'Readings',
  interval: 'Interval',
  autoOpenClose: 'Auto open/close',
  timingOpenClose: 'Timing open/close',
  allWorkdays: 'All workdays',
  smartTempControl: 'Smart temp control',
  smartDoas: 'Smart DOAS',
  weatherLinkage: 'Weather linkage',
  noonNap: 'Noon nap time',
  active: 'Active',
  clearSecret: 'Remove the secret',
  channelId: 'Channel',
  secure: 'TLS',
  user: 'User',
  anchor: 'Date',
  range: 'Range',
  all: 'All',
} as const;

export const requestsFieldsZh: Record<keyof typeof requestsFieldsEn, string> = {
  delete: '下载后删除',
  values: '取值',
  groupId: '分组',
  result: '结果',
  to: '结束日期',
  keys: '读数',
  interval: '间隔',
  autoOpenClose: '自动开关',
  timingOpenClose: '定时开关',
  allWorkdays: '所有工作日',
  smartTempControl: '智能温控',
  smartDoas: '智能新风',
  weatherLinkage: '天气联动',
  noonNap: '午休时间',
  active: '启用',
  clearSecret: '移除密钥',
  channelId: '通知渠道',
  secure: 'TLS',
  user: '用户',
  anchor: '日期',
  range: '范围',
  all: '全部',
};
