/** Messages of scheduled energy reports and share links (modules/energy-reports), both languages. */
export const energyReportsMessagesEn = {
  'energyReports.unknownChannel': 'Notification channel {id} is not one of this project’s channels',
  'energyReports.expiryPast': 'The expiry must be in the future',
  'energyReports.expiryTooFar': 'A share link can stay open a year at most',
  'energyReports.badPeriod':
    'Choose a week or a month: a valid date for a report, a month (YYYY-MM) for a bill',
  'energyReports.linkGone': 'This link does not exist, has expired or was revoked',
  'energyReports.reportPdfOnly': 'A report is offered as a PDF; a bill as a PDF or an .xlsx',
} as const;

export const energyReportsMessagesZh: Record<keyof typeof energyReportsMessagesEn, string> = {
  'energyReports.unknownChannel': '通知渠道 {id} 不属于本项目',
  'energyReports.expiryPast': '到期时间必须晚于现在',
  'energyReports.expiryTooFar': '分享链接的有效期最长为一年',
  'energyReports.badPeriod': '请选择一周或一个月：报告需有效日期，账单需月份（YYYY-MM）',
  'energyReports.linkGone': '此链接不存在、已过期或已被撤销',
  'energyReports.reportPdfOnly': '报告提供 PDF；账单提供 PDF 或 .xlsx',
};
