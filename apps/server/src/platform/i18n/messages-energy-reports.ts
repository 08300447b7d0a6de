/** Messages of scheduled energy reports and share links (modules/energy-reports), both languages. */
export const energyReportsMessagesEn = {
  'energyReports.unknownChannel': 'Notification channel {id} is not one of this project’s channels',
  'energyReports.expiryPast': 'The expiry must be in the future',
  'energyReports.badPeriod':
    'Choose a week or a month: a valid date for a report, a month (YYYY-MM) for a bill',
  'energyReports.linkGone': 'This link does not exist, has expired or was revoked',
} as const;

export const energyReportsMessagesZh: Record<keyof typeof energyReportsMessagesEn, string> = {
  'energyReports.unknownChannel': '通知渠道 {id} 不属于本项目',
  'energyReports.expiryPast': '到期时间必须晚于现在',
  'energyReports.badPeriod': '请选择一周或一个月：报告需有效日期，账单需月份（YYYY-MM）',
  'energyReports.linkGone': '此链接不存在、已过期或已被撤销',
};
