import { describe, expect, it } from 'vitest';
import { GLYPHS } from './glyphs.js';
import { typeIconName } from './typeIcon.js';

describe('typeIconName', () => {
  it.each([
    // Kubernetes
    ['Kubernetes::Pod', 'kubernetes-pod'],
    ['Kubernetes::Deployment', 'kubernetes-deployment'],
    ['Kubernetes::Service', 'kubernetes-service'],
    ['Kubernetes::Node', 'kubernetes-node'],
    ['Kubernetes::Namespace', 'kubernetes-namespace'],
    ['Kubernetes::ConfigMap', 'kubernetes-configmap'],
    ['Kubernetes::Secret', 'kubernetes-secret'],
    ['Kubernetes::Ingress', 'kubernetes-ingress'],
    ['Kubernetes::PersistentVolumeClaim', 'kubernetes-volume'],
    ['Kubernetes::Cluster', 'kubernetes'],
    ['Kubernetes::CustomThing', 'kubernetes'],
    ['kubernetes', 'kubernetes'],
    ['pod', 'kubernetes-pod'],
    ['namespace', 'kubernetes-namespace'],
    // databases
    ['postgres', 'postgres'],
    ['Postgres::Database', 'postgres'],
    ['Postgres::Table', 'table'],
    ['MySQL::Database', 'mysql'],
    ['mariadb', 'mysql'],
    ['mssql', 'mssql'],
    ['SqlServer::Database', 'mssql'],
    ['mongodb', 'mongo'],
    ['redis', 'redis'],
    ['sql', 'database'],
    ['database', 'database'],
    // clouds
    ['AWS::EC2::Instance', 'aws-vm'],
    ['AWS::S3::Bucket', 'aws-bucket'],
    ['AWS::RDS::DBInstance', 'aws-database'],
    ['AWS::Lambda::Function', 'aws-function'],
    ['AWS::EC2::VPC', 'aws-network'],
    ['AWS::IAM::Role', 'aws-identity'],
    ['AWS::EKS::Cluster', 'aws'],
    ['Azure::VirtualMachine', 'azure-vm'],
    ['Microsoft.Compute/virtualMachines', 'azure-vm'],
    ['Azure::StorageAccount', 'azure-bucket'],
    ['GCP::Bucket', 'gcp-bucket'],
    ['GCP::Project', 'gcp'],
    ['cloudwatch', 'aws'],
    // files, git, network, messaging, metrics, code
    ['File', 'file'],
    ['folder', 'folder'],
    ['git', 'git'],
    ['gitProtocol', 'git'],
    ['http', 'http'],
    ['dns', 'dns'],
    ['tcp', 'tcp'],
    ['icmp', 'icmp'],
    ['kafka', 'kafka'],
    ['rabbitmq', 'rabbitmq'],
    ['nats', 'nats'],
    ['mqtt', 'mqtt'],
    ['prometheus', 'prometheus'],
    ['exec', 'exec'],
    ['Host', 'host'],
    ['Host::Filesystem', 'filesystem'],
    ['Host::NetworkInterface', 'network'],
    ['service', 'service'],
    ['application', 'application'],
    ['docker', 'container'],
    ['junit', 'junit'],
    // nothing known
    ['Widget', 'generic'],
    ['', 'generic'],
  ])('%s is %s', (type, name) => {
    expect(typeIconName(type)).toBe(name);
  });

  it("prefers the thing's own icon name, and falls back to its type when the name is unknown", () => {
    expect(typeIconName('http', 'postgres')).toBe('postgres');
    expect(typeIconName('http', 'sparkles')).toBe('http');
    expect(typeIconName(null, 'server')).toBe('host');
    expect(typeIconName(undefined, undefined)).toBe('generic');
  });

  it('every name it answers has a drawing', () => {
    for (const name of ['kubernetes-pod', 'aws-vm', 'gcp', 'generic', 'mqtt'] as const) {
      expect(GLYPHS[name].glyph).toBeTruthy();
    }
    expect(Object.keys(GLYPHS).length).toBeGreaterThan(70);
  });
});
