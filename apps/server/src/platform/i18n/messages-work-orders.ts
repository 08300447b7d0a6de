/** Messages of work orders (modules/work-orders, issue 37), both languages. */
export const workOrdersMessagesEn = {
  'workOrder.changed': 'The work order was changed by someone else, please reload it',
  'workOrder.notYours':
    'Only the assignee may work this order, and only its reporter may close or reopen it (or a tbAdmin)',
  'workOrder.noSuchMove': 'A work order cannot go from {from} to {to}',
  'workOrder.assigneeRequired': 'Choose an assignee first',
  'workOrder.notAssignable':
    'This user cannot be given work orders (only tbAdmin and tbCustomer users of the tenant)',
  'workOrder.placeMismatch': 'The building, floor, room and device must be of this project and of each other',
  'workOrder.photoNotYours': 'Attach pictures you uploaded yourself',
  'workOrder.cannotEdit': 'Only a tbAdmin, or its reporter while it is new, may edit a work order',
  'workOrder.noAlert': 'This work order has no alert to handle',
  'workOrder.alertHandleDenied': 'You may not handle alerts',
  'workOrder.planDevices':
    'Every device of a plan must be of its project (and of its building, if it names one)',
} as const;

export const workOrdersMessagesZh: Record<keyof typeof workOrdersMessagesEn, string> = {
  'workOrder.changed': '工单已被他人修改，请重新加载',
  'workOrder.notYours': '只有处理人可以处理该工单，只有报告人可以关闭或重新打开（或由 tbAdmin 操作）',
  'workOrder.noSuchMove': '工单不能从 {from} 变为 {to}',
  'workOrder.assigneeRequired': '请先选择处理人',
  'workOrder.notAssignable': '该用户不能被派发工单（只能是本租户的 tbAdmin 或 tbCustomer 用户）',
  'workOrder.placeMismatch': '建筑、楼层、房间和设备必须属于本项目并相互对应',
  'workOrder.photoNotYours': '请附上您自己上传的图片',
  'workOrder.cannotEdit': '只有 tbAdmin，或在工单为新建状态时其报告人，才能编辑工单',
  'workOrder.noAlert': '该工单没有可处理的告警',
  'workOrder.alertHandleDenied': '您没有处理告警的权限',
  'workOrder.planDevices': '计划中的设备必须属于该项目（若指定了建筑，也须属于该建筑）',
};
