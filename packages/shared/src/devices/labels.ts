import type { DeviceCategory, ModelId, TelemetryKey } from './types.js';

/** Names of the catalogue's categories, models and readings; both languages have exactly the same keys. */
export interface DeviceLabels {
  categories: Record<DeviceCategory, string>;
  models: Record<ModelId, string>;
  telemetry: Record<TelemetryKey, string>;
}

const en: DeviceLabels = {
  categories: {
    ac: 'Air conditioner',
    light: 'Light',
    lightPanel: 'Light panel',
    bleGateway: 'Bluetooth gateway',
    acGateway: 'AC gateway',
    gateway4g: '4G gateway',
    fieldBridge: 'Field bridge',
    ammeter: 'Ammeter',
    airSensor: 'Air-quality sensor',
    thSensor: 'Temperature/humidity sensor',
    pirSensor: 'PIR sensor',
  },
  models: {
    ac20: 'AC controller (indoor unit on an AC gateway)',
    cc10: 'AC gateway',
    s2: 'Bluetooth mesh dimmable light',
    e90: 'Sensor dimmer node',
    kxx: 'Wall switch panel (1-3 buttons)',
    ba: 'Bluetooth gateway',
    gw4g: '4G gateway',
    ammeter4g: '4-channel ammeter (4G)',
    sair4g: 'Air-quality sensor (4G)',
    pir10: 'PIR occupancy sensor',
    th10: 'Temperature/humidity sensor',
    bridge: 'Field bridge (Modbus TCP devices)',
  },
  telemetry: {
    onOff: 'On/off',
    lightnessLevel: 'Brightness',
    colorTemp: 'Color temperature',
    left: 'Left button',
    mid: 'Middle button',
    right: 'Right button',
    workMode: 'Work mode',
    fanSpeed: 'Fan speed',
    targetTemp: 'Target temperature',
    roomTemp: 'Measured temperature',
    power: 'Power',
    energy: 'Energy',
    co2: 'CO2',
    ch2o: 'CH2O',
    temperature: 'Temperature',
    humidity: 'Humidity',
    pir: 'PIR',
    motionCount: 'Motion count',
    illuminance: 'Ambient brightness',
    rssi: 'Signal strength',
  },
};

const zh: DeviceLabels = {
  categories: {
    ac: '空调',
    light: '灯具',
    lightPanel: '灯光面板',
    bleGateway: '蓝牙网关',
    acGateway: '空调网关',
    gateway4g: '4G 网关',
    fieldBridge: '现场网关',
    ammeter: '电表',
    airSensor: '空气质量传感器',
    thSensor: '温湿度传感器',
    pirSensor: '人体感应传感器',
  },
  models: {
    ac20: '空调控制器（空调网关下的内机）',
    cc10: '空调网关',
    s2: '蓝牙 Mesh 调光灯',
    e90: '传感调光节点',
    kxx: '墙壁开关面板（1-3 键）',
    ba: '蓝牙网关',
    gw4g: '4G 网关',
    ammeter4g: '四路电表（4G）',
    sair4g: '空气质量传感器（4G）',
    pir10: '人体感应传感器',
    th10: '温湿度传感器',
    bridge: '现场网关（Modbus TCP 设备）',
  },
  telemetry: {
    onOff: '开关',
    lightnessLevel: '亮度',
    colorTemp: '色温',
    left: '左键',
    mid: '中键',
    right: '右键',
    workMode: '工作模式',
    fanSpeed: '风速',
    targetTemp: '目标温度',
    roomTemp: '测量温度',
    power: '功率',
    energy: '电量',
    co2: '二氧化碳',
    ch2o: '甲醛',
    temperature: '温度',
    humidity: '湿度',
    pir: '人体感应',
    motionCount: '移动次数',
    illuminance: '环境亮度',
    rssi: '信号强度',
  },
};

export const DEVICE_LABELS = { en, zh } as const;
