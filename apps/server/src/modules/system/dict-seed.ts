import { like, sql } from 'drizzle-orm';
import { DICT_TYPES } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { sysDictData } from './dict-tables.js';

type Seed = [value: string, label: string, labelZh: string, listClass?: string];

/**
 * The dictionaries the console builds its option lists from, in English and Chinese. Rows are added when
 * missing and never overwritten, so an administrator's edits survive restarts (but for an earlier release's
 * developer notes in the remark, below).
 */
const DICTIONARIES: Record<string, { remark: string; defaultValue?: string; rows: Seed[] }> = {
  [DICT_TYPES.projectStatus]: {
    remark: 'Project status',
    defaultValue: 'new',
    rows: [
      ['new', 'New', '新建', 'info'],
      ['deploying', 'Deploying', '部署中', 'warning'],
      ['accepting', 'Accepting', '验收中', 'primary'],
      ['done', 'Done', '已完成', 'success'],
    ],
  },
  [DICT_TYPES.workTimeType]: {
    remark: 'Work-time type',
    defaultValue: 'WORK',
    rows: [
      ['WORK', 'Work', '工作', 'primary'],
      ['LUNCH', 'Lunch', '午餐', 'warning'],
      ['NAP', 'Noon nap', '午休', 'info'],
      ['OT', 'Overtime', '加班', 'danger'],
    ],
  },
  [DICT_TYPES.zoneType]: {
    remark: 'Zone type of zones and work times',
    defaultValue: 'office',
    rows: [
      ['office', 'Office', '办公室'],
      ['meeting', 'Meeting room', '会议室'],
      ['corridor', 'Corridor', '走廊'],
      ['lobby', 'Lobby', '大堂'],
      ['restroom', 'Restroom', '卫生间'],
      ['pantry', 'Pantry', '茶水间'],
      ['other', 'Other', '其他'],
    ],
  },
  [DICT_TYPES.alertSolution]: {
    remark: 'How an alert was handled',
    rows: [
      ['externalCauses', 'External causes', '外部原因'],
      ['testReason', 'Test reason', '测试原因'],
      ['replaceDevice', 'Replace device', '更换设备'],
      ['repairDevice', 'Repair device', '维修设备'],
      ['cannotReproduce', 'Cannot reproduce', '无法复现'],
      ['refuseHandle', 'Refuse handle', '拒绝处理'],
      ['deviceDeletion', 'Device deletion', '设备删除'],
      ['backOnline', 'Back online', '重新上线'],
      ['faultRecovery', 'Fault recovery', '故障恢复'],
    ],
  },
  [DICT_TYPES.alertLevel]: {
    remark: 'Alert level',
    rows: [
      ['urgent', 'Urgent', '紧急', 'danger'],
      ['secondary', 'Secondary', '次要', 'warning'],
      ['general', 'General', '一般', 'primary'],
      ['complete', 'Complete', '完成', 'success'],
    ],
  },
  [DICT_TYPES.deviceCategory]: {
    remark: 'Device categories',
    rows: [
      ['ac', 'Air conditioner', '空调'],
      ['light', 'Lighting', '照明'],
      ['gateway', 'Gateway', '网关'],
      ['gateway4g', '4G gateway', '4G 网关'],
      ['bleGateway', 'Bluetooth gateway', '蓝牙网关'],
      ['ammeter', 'Ammeter', '电表'],
      ['ammeter4', 'Ammeter, 4 channels', '四路电表'],
      ['airSensor', 'Air-quality sensor', '空气质量传感器'],
      ['thSensor', 'Temperature and humidity sensor', '温湿度传感器'],
    ],
  },
};

export async function seedDictionaries(db: Db): Promise<void> {
  const rows = Object.entries(DICTIONARIES).flatMap(([dictType, { remark, defaultValue, rows: seeds }]) =>
    seeds.map(([dictValue, dictLabel, dictLabelZh, listClass], i) => ({
      dictType,
      dictValue,
      dictLabel,
      dictLabelZh,
      listClass: listClass ?? 'default',
      dictSort: i + 1,
      isDefault: dictValue === defaultValue ? ('Y' as const) : ('N' as const),
      remark,
    })),
  );
  await db
    .insert(sysDictData)
    .values(rows)
    .onConflictDoUpdate({
      target: [sysDictData.dictType, sysDictData.dictValue],
      // A row an administrator changed stays as it is; one still carrying an earlier release's note for
      // developers ("(spec section 3)", shown on the dictionary page: issue 34) gets the plain remark.
      set: { remark: sql`excluded.remark` },
      setWhere: like(sysDictData.remark, '%(spec section%'),
    });
}
