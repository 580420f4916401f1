import { randomBytes } from 'node:crypto';
import os from 'node:os';

/**
 * This process, as it writes itself into claims (`canary_schedules.claimed_by`,
 * `config_scraper_schedules.claimed_by` / `leased_by`) and registers in `workers`.
 */
export const processOwner = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
