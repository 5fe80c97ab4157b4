export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export function createLogger(level: LogLevel): Logger {
  const enabled = (wanted: LogLevel) => ORDER[wanted] >= ORDER[level];
  return {
    debug: (message) => enabled('debug') && console.debug(message),
    info: (message) => enabled('info') && console.log(message),
    warn: (message) => enabled('warn') && console.warn(message),
    error: (message, error) => enabled('error') && console.error(message, error ?? ''),
  };
}
