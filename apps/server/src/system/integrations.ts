import './tables.js';
import { SECRET_KEYS } from '../rest/secrets.js';
import { createdBySubject, exposeTable } from '../rest/whitelist.js';

// Integrations under /api/db: read-only, on the `integrations` resource (migration 143).
exposeTable('integrations_with_status', { resource: 'integrations', writable: false });

// Log backends: written in the generic settings editor; their spec may hold credentials.
exposeTable('logging_backends', {
  resource: 'logging_backends',
  writable: true,
  defaults: { created_by: createdBySubject },
  secrets: { spec: [[`**.${SECRET_KEYS}`, 'secret']] },
});
