import type { PlaybookResource } from '@opsdeck/schema';
import { playbookExecRefusal, savePlaybook } from '../../playbooks/store.js';
import { validatePlaybook } from '../../playbooks/yaml.js';
import { APPLIED_SOURCE, defineKind } from '../kind.js';
import { locate, softDelete } from '../locate.js';

/** Playbook (mission-control.flanksource.com/v1). */
export const playbookKind = defineKind<PlaybookResource>({
  table: 'playbooks',
  validate: validatePlaybook,
  refusal: (r, exec, roles) => playbookExecRefusal(exec, roles, r.spec),
  find: (scope, r) =>
    locate(scope, 'playbooks', { name: r.metadata.name, namespace: r.metadata.namespace ?? 'default' }),
  async save(scope, r) {
    await savePlaybook(scope.trx, r, { source: APPLIED_SOURCE, createdBy: scope.author });
  },
  remove: (scope, id) => softDelete(scope, 'playbooks', id),
});
