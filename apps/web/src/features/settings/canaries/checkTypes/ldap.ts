import { connection, threshold, urlField } from './fields.js';
import type { CheckForm } from './types.js';

export const ldapForm: CheckForm = {
  specType: 'ldap',
  type: 'ldap',
  label: 'LDAP',
  fields: [
    urlField('ldap://ldap.internal:389'),
    connection,
    { key: 'bindDN', label: 'Bind DN', kind: 'text', placeholder: 'ou=people,dc=example,dc=org' },
    { key: 'userSearch', label: 'User search', kind: 'text', placeholder: '(&(objectClass=person))' },
    { key: 'skipTLSVerify', label: 'Skip TLS verification', kind: 'boolean' },
    threshold,
  ],
  defaults: {},
};
