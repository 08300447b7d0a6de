import {
  bleGatewayField,
  boolField,
  byteField,
  channelField,
  codeField,
  COLOR_TEMP_RANGE,
  DIMMING_ATTRIBUTES,
  enumField,
  fanSpeedField,
  GATEWAY_PROTOCOLS,
  intField,
  labelField,
  macField,
  nameField,
  PANEL_TYPES,
  PIR_ATTRIBUTES,
  portField,
  refField,
  SENSOR_TYPES,
  serverAddrField,
  targetTempField,
  UI_MODES,
  workModeField,
} from './fields.js';
import type { DeviceCommand, DeviceModel, ModelId } from './types.js';

/**
 * THE device catalogue: every model of spec section 1, described once. Forms, validation, the detail
 * page, the simulator and the command path read this table; the meanings are documented in README.md.
 */

const onOff: DeviceCommand = { method: 'setOnOff', params: [boolField('onOff', true)] };
const brightness: DeviceCommand = { method: 'setBrightness', params: [byteField('lightnessLevel', true)] };
const colorTemp: DeviceCommand = {
  method: 'setColorTemp',
  params: [intField('colorTemp', COLOR_TEMP_RANGE, { required: true, unit: 'K' })],
};
const reboot: DeviceCommand = { method: 'reboot', params: [] };
const heartbeat = byteField('heartbeat', false, 'min');
/** Over the 4G network: the server the device dials, and the last 12 characters of its IMEI. */
const dialIn = [codeField, serverAddrField, portField, enumField('protocol', GATEWAY_PROTOCOLS, false)];

export const DEVICE_MODELS: Record<ModelId, DeviceModel> = {
  ac20: {
    id: 'ac20',
    category: 'ac',
    identity: ['acGatewayId', 'indoorAddr'],
    createFields: [
      nameField,
      refField('acGatewayId', 'acGateway'),
      byteField('indoorAddr', true),
      byteField('outdoorAddr', true),
      labelField,
    ],
    telemetry: [
      { key: 'onOff', unit: '' },
      { key: 'workMode', unit: '' },
      { key: 'fanSpeed', unit: '' },
      { key: 'targetTemp', unit: '°C' },
      { key: 'roomTemp', unit: '°C' },
    ],
    attributes: [boolField('acManualMode', false), byteField('timeout', false, 'min'), heartbeat],
    commands: [
      onOff,
      // The gateway's indoor-unit protocol has no auto mode: the board says 'Not support auto mode'.
      { method: 'setWorkMode', params: [workModeField(true)] },
      { method: 'setFanSpeed', params: [fanSpeedField] },
      { method: 'setTargetTemp', params: [targetTempField] },
    ],
  },
  cc10: {
    id: 'cc10',
    category: 'acGateway',
    identity: ['serverAddr', 'port', 'gatewayAddr'],
    createFields: [nameField, byteField('gatewayAddr', true), serverAddrField, portField, labelField],
    telemetry: [{ key: 'rssi', unit: 'dBm' }],
    attributes: [heartbeat],
    commands: [reboot],
  },
  s2: {
    id: 's2',
    category: 'light',
    identity: ['macAddr'],
    createFields: [
      nameField,
      macField,
      codeField,
      { ...labelField, name: 'manufacturerCode' },
      bleGatewayField,
    ],
    telemetry: [
      { key: 'onOff', unit: '' },
      { key: 'lightnessLevel', unit: '' },
      { key: 'colorTemp', unit: 'K' },
    ],
    attributes: DIMMING_ATTRIBUTES,
    commands: [onOff, brightness, colorTemp],
  },
  e90: {
    id: 'e90',
    category: 'light',
    identity: ['macAddr'],
    createFields: [
      nameField,
      macField,
      codeField,
      enumField('sensorType', SENSOR_TYPES),
      enumField('uiMode', UI_MODES, false),
      bleGatewayField,
    ],
    telemetry: [
      { key: 'onOff', unit: '' },
      { key: 'lightnessLevel', unit: '' },
      { key: 'pir', unit: '' },
      { key: 'motionCount', unit: '' },
      { key: 'illuminance', unit: 'lx' },
      { key: 'temperature', unit: '°C' },
      { key: 'humidity', unit: '%RH' },
    ],
    attributes: [
      ...PIR_ATTRIBUTES,
      byteField('illuminanceMin', false),
      byteField('illuminanceMax', false),
      byteField('offset', false),
      boolField('acTempSupport', false),
      boolField('acManualMode', false),
      heartbeat,
      byteField('turnOnThreshold', false),
      byteField('turnOffThreshold', false),
      ...DIMMING_ATTRIBUTES,
    ],
    commands: [onOff, brightness],
  },
  kxx: {
    id: 'kxx',
    category: 'lightPanel',
    identity: ['macAddr'],
    createFields: [nameField, macField, codeField, enumField('panelType', PANEL_TYPES), bleGatewayField],
    telemetry: [
      { key: 'left', unit: '' },
      { key: 'mid', unit: '' },
      { key: 'right', unit: '' },
    ],
    attributes: [byteField('defaultBrightness', false), heartbeat],
    commands: [
      {
        method: 'setButtons',
        // A single panel only has a left button and a double no middle one; unpressed buttons stay as they are.
        params: [boolField('left', false), boolField('mid', false), boolField('right', false)],
      },
    ],
  },
  ba: {
    id: 'ba',
    category: 'bleGateway',
    identity: ['macAddr'],
    createFields: [nameField, macField, codeField, serverAddrField, portField],
    telemetry: [{ key: 'rssi', unit: 'dBm' }],
    attributes: [heartbeat],
    commands: [reboot],
  },
  gw4g: {
    id: 'gw4g',
    category: 'gateway4g',
    identity: ['codeAddr'],
    createFields: [nameField, ...dialIn],
    telemetry: [{ key: 'rssi', unit: 'dBm' }],
    attributes: [heartbeat],
    commands: [reboot],
  },
  ammeter4g: {
    id: 'ammeter4g',
    category: 'ammeter',
    identity: ['codeAddr', 'channel'],
    createFields: [
      nameField,
      refField('gatewayId', 'gateway4g'),
      codeField,
      channelField,
      intField('ratio', { min: 1, max: 10000 }, { required: true }),
      intField('transformerRatio', { min: 1, max: 10000 }, { required: true }),
    ],
    telemetry: [
      { key: 'power', unit: 'W', perChannel: true },
      { key: 'energy', unit: 'kWh', perChannel: true },
    ],
    attributes: [heartbeat],
    commands: [],
  },
  sair4g: {
    id: 'sair4g',
    category: 'airSensor',
    identity: ['codeAddr'],
    createFields: [nameField, ...dialIn],
    telemetry: [
      { key: 'co2', unit: 'ppm' },
      { key: 'ch2o', unit: 'mg/m³' },
      { key: 'temperature', unit: '°C' },
      { key: 'humidity', unit: '%RH' },
    ],
    attributes: [heartbeat],
    commands: [],
  },
  pir10: {
    id: 'pir10',
    category: 'pirSensor',
    identity: ['macAddr'],
    createFields: [nameField, macField, codeField, bleGatewayField],
    telemetry: [
      { key: 'pir', unit: '' },
      { key: 'motionCount', unit: '' },
      { key: 'illuminance', unit: 'lx' },
    ],
    attributes: [
      ...PIR_ATTRIBUTES,
      byteField('illuminanceMin', false),
      byteField('illuminanceMax', false),
      heartbeat,
    ],
    commands: [],
  },
  // The field bridge (apps/bridge): its field devices are registered behind it and named in its YAML file.
  bridge: {
    id: 'bridge',
    category: 'fieldBridge',
    // The MAC address of the machine it runs on, so one machine is registered once.
    identity: ['macAddr'],
    createFields: [nameField, macField, labelField],
    telemetry: [],
    attributes: [heartbeat],
    commands: [],
  },
  th10: {
    id: 'th10',
    category: 'thSensor',
    identity: ['macAddr'],
    createFields: [nameField, macField, codeField, bleGatewayField],
    telemetry: [
      { key: 'temperature', unit: '°C' },
      { key: 'humidity', unit: '%RH' },
    ],
    attributes: [byteField('offset', false), heartbeat],
    commands: [],
  },
};
