import { exposeTable } from '../rest/whitelist.js';

// Integrations under /api/db: read-only, on the `integrations` resource (migration 143).
exposeTable('integrations_with_status', { resource: 'integrations', writable: false });
