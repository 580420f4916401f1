import { goQuote } from '../gotemplate/printf.js';
import { record, str } from './types.js';

/**
 * The Slack Block Kit helpers of notification templates (Mission Control's names): each
 * answers the JSON text of one block or text object, to be placed inside a `{"blocks": [...]}`
 * message body. Text is quoted as Go's %q does.
 */

const mrkdwn = (text: string) => `{"type": "mrkdwn", "text": ${goQuote(text)}}`;
const plain = (text: string) => `{"type": "plain_text", "text": ${goQuote(text)}}`;

/** `labels` given directly, or a resource whose `labels` to use (`slackSectionLabels .check`). */
function labelsOf(v: unknown): Record<string, unknown> {
  if (v === null || v === undefined) return {};
  const r = record(v);
  const inner = r.labels;
  return inner && typeof inner === 'object' && !Array.isArray(inner) ? (inner as Record<string, unknown>) : r;
}

function sectionLabels(v: unknown): string {
  const fields = Object.entries(labelsOf(v))
    .map(([k, x]) => ({ type: 'mrkdwn', text: `*${k}*: ${str(x)}`, verbatim: true }))
    .sort((a, b) => (a.text < b.text ? -1 : a.text > b.text ? 1 : 0));
  const out: string[] = [];
  // Slack allows at most 10 fields per section
  for (let i = 0; i < fields.length; i += 10) {
    const section: Record<string, unknown> = { type: 'section', fields: fields.slice(i, i + 10) };
    if (i === 0) section.text = { type: 'mrkdwn', text: '*Labels*' };
    out.push(JSON.stringify(section));
  }
  return out.join(',');
}

/** `slackURLAction "View" .permalink "Silence" .silenceURL`: one actions block, a button per pair. */
function urlAction(...args: unknown[]): string {
  if (args.length === 0 || args.length % 2 !== 0) throw new Error('slackURLAction needs name/url pairs');
  const elements = [];
  for (let i = 0; i < args.length; i += 2) {
    const name = str(args[i]);
    elements.push({
      type: 'button',
      text: { type: 'plain_text', text: name, emoji: true },
      url: str(args[i + 1]),
      action_id: name,
    });
  }
  return JSON.stringify({ type: 'actions', elements });
}

const HEALTH_EMOJI: Record<string, string> = {
  healthy: ':large_green_circle:',
  unhealthy: ':red_circle:',
  warning: ':large_orange_circle:',
};

export const slackFuncs: Record<string, (...args: unknown[]) => unknown> = {
  slackSectionTextMD: (t) => `{"type": "section", "text": ${mrkdwn(str(t))}}`,
  slackSectionTextPlain: (t) => `{"type": "section", "text": ${plain(str(t))}}`,
  slackSectionTextFieldMD: (t) => mrkdwn(str(t)),
  slackSectionTextFieldPlain: (t) => plain(str(t)),
  slackSectionLabels: sectionLabels,
  slackURLAction: urlAction,
  slackHealthEmoji: (h) => HEALTH_EMOJI[str(h)] ?? ':white_circle:',
  /** Labels as a Markdown list under a `### Labels:` heading; empty when there are none. */
  labelsFormat: (v) => {
    const labels = labelsOf(v);
    const keys = Object.keys(labels).sort();
    if (keys.length === 0) return '';
    return `### Labels:\n${keys.map((k) => `**${k}**: ${str(labels[k])} \n`).join('')}`;
  },
};
