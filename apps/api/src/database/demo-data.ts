import type { Logger } from 'pino';
import type { AppConfig } from '@app/platform/config/app-config';

/** Placeholder until the demo generator lands; returns the lines to print. */
export async function loadDemoDataIfEmpty(_config: AppConfig, _url: string, _logger: Logger): Promise<string[]> {
  return [];
}
