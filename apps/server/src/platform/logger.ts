import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pretty from 'pino-pretty';
import type { Config } from './env.js';

/**
 * The server's log (pino, through Fastify). For a person at a terminal (or LOG_FORMAT=pretty): one line per
 * event, the local time, the level as a word, the message, then the event's own fields; the process id, host
 * name and request ids, which say nothing to a reader, are left out. Anywhere else (a file, journald, a log
 * shipper) or with LOG_FORMAT=json: pino's JSON lines, one object per event, every field kept.
 */
export function loggerOptions(
  config: Pick<Config, 'logLevel' | 'logFormat'>,
  stdout: { isTTY?: boolean } = process.stdout,
): object {
  const readable = config.logFormat === 'pretty' || (config.logFormat === undefined && stdout.isTTY === true);
  if (!readable) return { level: config.logLevel };
  const stream = pretty({
    colorize: stdout.isTTY === true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId',
    singleLine: true,
    // Written as each line comes: a person watching sees it at once, and nothing waits in a buffer at a crash.
    sync: true,
  });
  return { level: config.logLevel, stream };
}

/**
 * Fastify logs every request twice at info ("incoming request", "request completed"): a console with a board
 * open wrote some 30 lines a minute. Each answer is one line at debug instead (LOG_LEVEL=debug shows them);
 * failures still reach the log at error through the error handler.
 */
export const requestLogPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onResponse', async (request, reply) => {
      request.log.debug(
        {
          method: request.method,
          url: request.url,
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime),
        },
        'request answered',
      );
    });
  },
  { name: 'request-log' },
);
