export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type Log = (level: LogLevel, msg: string, data?: Record<string, unknown>) => void;

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/** JSON lines on stderr (pino's shape: level, time, msg), from `min` up; stdout stays free for output. */
export function jsonLog(min: LogLevel = 'info'): Log {
  return (level, msg, data) => {
    if (ORDER[level] < ORDER[min]) return;
    process.stderr.write(`${JSON.stringify({ level, time: Date.now(), msg, ...data })}\n`);
  };
}
