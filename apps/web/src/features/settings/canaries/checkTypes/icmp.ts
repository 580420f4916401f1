import { threshold } from './fields.js';
import type { CheckForm } from './types.js';

export const icmpForm: CheckForm = {
  specType: 'icmp',
  type: 'icmp',
  label: 'ICMP (ping)',
  fields: [
    { key: 'endpoint', label: 'Host', kind: 'text', placeholder: '10.0.0.1' },
    { key: 'packetCount', label: 'Packets', kind: 'number' },
    { key: 'packetLossThreshold', label: 'Packet loss threshold (%)', kind: 'number' },
    threshold,
  ],
  defaults: {},
};
