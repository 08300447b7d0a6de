/** Messages of the operators' doors (modules/metrics, modules/backup), both languages. */
export const operationsMessagesEn = {
  'metrics.tokenRequired': 'This page needs the METRICS_TOKEN bearer token',
  'metrics.loopbackOnly': 'Without METRICS_TOKEN this page answers only on the server itself',
  'backup.running': 'A backup is already being made on this server: wait until it is done',
} as const;

export const operationsMessagesZh: Record<keyof typeof operationsMessagesEn, string> = {
  'metrics.tokenRequired': '此页面需要 METRICS_TOKEN 令牌（Bearer）',
  'metrics.loopbackOnly': '未设置 METRICS_TOKEN 时，此页面只在服务器本机应答',
  'backup.running': '本服务器正在生成备份：请等待其完成',
};
