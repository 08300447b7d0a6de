import type { FddRule } from '@sbuilding/shared';

/** Messages of fault detection (modules/fdd, issue 38), both languages. */
export const fddMessagesEn = {
  'fdd.notAllowed': 'A finding cannot be moved there from where it is now',
  'fdd.noFix': 'This finding has no one-click fix; create a work order instead',
  'fdd.workOrderTitle': '{rule}: {device}',
  'fdd.workOrderText':
    'Found by the rule "{rule}" on {firstSeen}. It wastes about {kwhPerDay} kWh a day. Readings: {readings}.',
  'fdd.rule.lightsOnVacant': 'Lights on in an empty room after hours',
  'fdd.rule.acOnVacant': 'Air conditioner running in an empty room',
  'fdd.rule.setpointPolicy': 'Air conditioner setpoint outside the policy',
  'fdd.rule.heatCoolConflict': 'Heating and cooling at once in one room',
  'fdd.rule.sensorStuck': 'Sensor stuck on one value',
  'fdd.rule.sensorRange': 'Sensor reading impossible values',
  'fdd.rule.ignoresCommands': 'Device not following commands',
  'fdd.rule.sensorDrift': 'Sensor drifting from the others in its room',
  'fdd.rule.baseLoad': 'Night or weekend load above its usual level',
  'fdd.rule.counterJump': 'Energy counter jumped or ran backwards',
  'fdd.rule.shortCycle': 'Air conditioner short-cycling',
} as const;

export const fddMessagesZh: Record<keyof typeof fddMessagesEn, string> = {
  'fdd.notAllowed': '该诊断结果不能从当前状态变为所选状态',
  'fdd.noFix': '该诊断结果没有一键修复，请创建工单',
  'fdd.workOrderTitle': '{rule}：{device}',
  'fdd.workOrderText': '由规则“{rule}”于 {firstSeen} 发现。每天约浪费 {kwhPerDay} kWh。读数：{readings}。',
  'fdd.rule.lightsOnVacant': '下班后无人房间灯亮着',
  'fdd.rule.acOnVacant': '无人房间空调在运行',
  'fdd.rule.setpointPolicy': '空调设定温度超出策略',
  'fdd.rule.heatCoolConflict': '同一房间同时制热和制冷',
  'fdd.rule.sensorStuck': '传感器读数卡在同一值',
  'fdd.rule.sensorRange': '传感器读数超出物理范围',
  'fdd.rule.ignoresCommands': '设备不执行指令',
  'fdd.rule.sensorDrift': '传感器读数偏离同房间其他读数',
  'fdd.rule.baseLoad': '夜间或周末负荷高于平常水平',
  'fdd.rule.counterJump': '电能计数跳变或倒走',
  'fdd.rule.shortCycle': '空调频繁启停',
};

/** The message naming each rule (work orders' titles, notifications). */
export const FDD_RULE_MESSAGES: Record<FddRule, keyof typeof fddMessagesEn> = {
  lightsOnVacant: 'fdd.rule.lightsOnVacant',
  acOnVacant: 'fdd.rule.acOnVacant',
  setpointPolicy: 'fdd.rule.setpointPolicy',
  heatCoolConflict: 'fdd.rule.heatCoolConflict',
  sensorStuck: 'fdd.rule.sensorStuck',
  sensorRange: 'fdd.rule.sensorRange',
  ignoresCommands: 'fdd.rule.ignoresCommands',
  sensorDrift: 'fdd.rule.sensorDrift',
  baseLoad: 'fdd.rule.baseLoad',
  counterJump: 'fdd.rule.counterJump',
  shortCycle: 'fdd.rule.shortCycle',
};
