import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import type { EventConsumer } from '../../src/events/consumer.js';
import { createEventConsumer } from '../../src/notifications/worker.js';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { createCheck, setCheckStatus } from './fixtures.js';
import { startSmtpPeer } from './peers.js';

// Notification bodies as Mission Control files write them: `channel` and `check_status` called as
// functions, variables, `range $k, $v :=` over labels, trimming and the Slack helpers on one branch.

let server: TestServer;
let consumer: EventConsumer;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;

beforeAll(async () => {
  const clock = new ManualClock(new Date());
  server = await startTestServer({ clock });
  smtp = await startSmtpPeer();
  consumer = createEventConsumer(server.db.kysely, clock, {
    resolveConnection: () => Promise.reject(new Error('no connections in this test')),
    systemSmtp: { url: smtp.url, from: 'OpsDeck <opsdeck@example.com>' },
    timeoutMs: 3000,
  });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const template = `{{ if eq channel "slack" }}
{"blocks": [{{ slackSectionTextMD (printf "*%s* is unhealthy" .check.name) }}]}
{{ else }}
{{- $name := .check.name -}}
Check {{ $name }} failed on {{ .canary.name }}
{{- if .check_status.error }}
Error: {{ check_status.error }}
{{- end }}
{{- range $k, $v := .check.labels }}
- {{ $k }}={{ $v }}
{{- end }}
{{ end }}`;

describe('notification templates written as upstream writes them', () => {
  it('saves the rule and mails the non-Slack branch, with variables, variables called as functions and range', async () => {
    const yaml = `apiVersion: mission-control.flanksource.com/v1
kind: Notification
metadata:
  name: upstream-style
spec:
  events: [check.failed]
  title: "{{ if eq channel \\"slack\\" }}slack{{ else }}{{ .check.name }} failed{{ end }}"
  template: ${JSON.stringify(template)}
  filter: "check.name == 'payments-api'"
  to:
    email: ops@example.com
`;
    const res = await server.fetch('/api/notification/rules', {
      method: 'POST',
      headers: { 'content-type': 'application/yaml' },
      body: yaml,
    });
    expect(res.status).toBe(201);

    const check = await createCheck(server.db, 'payments-api', { team: 'payments', env: 'prod' });
    await setCheckStatus(server.db, check.id, 'unhealthy', 'HTTP 503');
    await consumer.runOnce();

    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]?.subject).toBe('payments-api failed');
    const raw = smtp.mails[0]?.raw ?? '';
    expect(raw).toContain('Check payments-api failed on canary-payments-api');
    expect(raw).toContain('Error: HTTP 503');
    expect(raw).toContain('- env=prod');
    expect(raw).toContain('- team=payments');
    expect(raw).not.toContain('blocks');
  });
});
