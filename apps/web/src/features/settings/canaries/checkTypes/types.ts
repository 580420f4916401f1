/** How a check field is edited in the form builder. */
export type FieldKind = 'text' | 'textarea' | 'number' | 'select' | 'codes' | 'boolean';

/** One field of a check type's form: the key in the check, its label, and its rules. */
export interface CheckField {
  key: string;
  label: string;
  kind: FieldKind;
  /**
   * Declared only for types the shared schema does not know (OpsDeck cannot run them); for the
   * others it is derived from the schema (see schemaRules.ts).
   */
  required?: boolean;
  /** Keys whose value stands in for this required one (a connection instead of a URL). */
  orKeys?: readonly string[];
  placeholder?: string;
  /** A valid value, for fields whose placeholder is not one (the schema is probed with it). */
  example?: unknown;
  options?: readonly string[];
  help?: string;
  /** Shown only when the check's other fields allow it (HTTP body only for POST and PUT). */
  visible?: (check: Record<string, unknown>) => boolean;
}

/** The check types of the form builder, in the order offered. */
export const SPEC_CHECK_TYPES = [
  'http',
  'awsConfigRule',
  'awsConfig',
  'github',
  'ec2',
  'ldap',
  'pod',
  'exec',
  'alertManager',
  'cloudwatch',
  'elasticsearch',
  'redis',
  'mongo',
  'dns',
  'icmp',
  'gcs',
  's3',
  'smb',
  'sftp',
  'folder',
  'prometheus',
  'kubernetes',
  'sql',
  'configDB',
  'azureDevops',
  'jmeter',
  'junit',
  'dynatrace',
  'namespace',
  'tcp',
  'custom',
] as const;
export type SpecCheckType = (typeof SPEC_CHECK_TYPES)[number];

/** A check type the form builder offers: its fields and the values a new check starts with. */
export interface CheckForm {
  /** The name people know it by. */
  specType: SpecCheckType;
  /** The Canary spec list the check goes in (`spec.<type>[]`); '' for `custom` (edited in YAML). */
  type: string;
  label: string;
  fields: CheckField[];
  defaults: Record<string, unknown>;
}
