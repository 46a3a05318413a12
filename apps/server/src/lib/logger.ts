import type { FastifyServerOptions } from 'fastify';
import pretty from 'pino-pretty';
import type { Config } from '../config.js';

export type LogFormat = 'pretty' | 'json';

/** `LOG_FORMAT` when set; otherwise readable lines on a terminal and JSON anywhere else. */
export function logFormat(setting: LogFormat | undefined, isTerminal: boolean): LogFormat {
  return setting ?? (isTerminal ? 'pretty' : 'json');
}

/** The server's logger options: level, and pino-pretty on stdout when the format is pretty. */
export function serverLogger(
  config: Pick<Config, 'LOG_LEVEL' | 'LOG_FORMAT'>,
  isTerminal = Boolean(process.stdout.isTTY),
): FastifyServerOptions['logger'] {
  if (logFormat(config.LOG_FORMAT, isTerminal) === 'json') return { level: config.LOG_LEVEL };
  return {
    level: config.LOG_LEVEL,
    // Synchronous: a crash's last lines are written before the process exits.
    stream: pretty({
      sync: true,
      colorize: isTerminal,
      translateTime: 'SYS:yyyy-mm-dd HH:MM:ss',
      ignore: 'pid,hostname',
      singleLine: true,
    }),
  };
}

/** The generated administrator password as a block of its own, for the terminal (shown once). */
export function adminPasswordNotice(username: string, password: string): string {
  const lines = [
    'System administrator account created',
    '',
    `  username: ${username}`,
    `  password: ${password}`,
    '',
    'Shown only this once: write it down now.',
    'Set ADMIN_PASSWORD before the first start to choose it.',
  ];
  const width = Math.max(...lines.map((line) => line.length));
  const bar = '─'.repeat(width + 2);
  return [
    '',
    `┌${bar}┐`,
    ...lines.map((line) => `│ ${line.padEnd(width)} │`),
    `└${bar}┘`,
    '',
    '',
  ].join('\n');
}
