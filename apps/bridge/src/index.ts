export { Bridge, type BridgeEvents } from './bridge.js';
export { configSchema, ConfigError, loadConfig, parseConfig, type BridgeConfig } from './config.js';
export { decodeRegisters, encodeRegisters } from './codec.js';
export { jsonLog, type Log, type LogLevel } from './log.js';
export { FieldDevice, planBlocks, type PointValue, type Reading } from './modbus.js';
export { DiskQueue, type QueuedReading } from './queue.js';
