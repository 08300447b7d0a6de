/**
 * The commands module's public surface: sending a catalogue command through the command path (validation,
 * the broker, the control log with its terminal source). Everything else in this folder is private to it.
 */
export { sendCommand, type Actor, type CommandDeps, type CommandRequest } from './service.js';
