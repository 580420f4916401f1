import { XMLParser } from 'fast-xml-parser';

/** One test case of a JUnit report. */
export interface JunitTest {
  suite: string;
  classname: string;
  name: string;
  status: 'passed' | 'failed' | 'error' | 'skipped';
  duration: number;
  message?: string;
}

/** A suite's totals and its tests. */
export interface JunitSuite {
  name: string;
  file: string;
  tests: JunitTest[];
  passed: number;
  failed: number;
  error: number;
  skipped: number;
  duration: number;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  isArray: (name) => ['testsuite', 'testcase', 'failure', 'error', 'skipped'].includes(name),
  processEntities: false,
});

type Node = Record<string, unknown>;

function text(v: unknown): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'string') return v;
  const n = v as Node;
  const msg = typeof n.message === 'string' ? n.message : undefined;
  const body = typeof n['#text'] === 'string' ? (n['#text'] as string) : undefined;
  return (msg ?? body ?? '').trim() || undefined;
}

function collectSuites(node: Node, out: Node[]): void {
  for (const s of (node.testsuite as Node[] | undefined) ?? []) {
    out.push(s);
    collectSuites(s, out); // nested suites
  }
}

/** Parses a JUnit XML document (`<testsuites>` or a bare `<testsuite>`) into suites with totals. */
export function parseJunit(xml: string, file: string): JunitSuite[] {
  const doc = parser.parse(xml) as Node;
  const rawSuites: Node[] = [];
  if (doc.testsuites) collectSuites(doc.testsuites as Node, rawSuites);
  else collectSuites(doc, rawSuites);
  if (rawSuites.length === 0) throw new Error(`${file}: no <testsuite> element`);
  return rawSuites.map((s) => {
    const name = String(s.name ?? file);
    const tests: JunitTest[] = ((s.testcase as Node[] | undefined) ?? []).map((c) => {
      const failure = (c.failure as unknown[] | undefined)?.[0];
      const error = (c.error as unknown[] | undefined)?.[0];
      const skipped = (c.skipped as unknown[] | undefined)?.[0];
      const status =
        failure !== undefined ? 'failed' : error !== undefined ? 'error' : skipped !== undefined ? 'skipped' : 'passed';
      return {
        suite: name,
        classname: String(c.classname ?? ''),
        name: String(c.name ?? ''),
        status,
        duration: Number(c.time ?? 0) || 0,
        message: text(failure ?? error ?? skipped),
      };
    });
    const count = (st: JunitTest['status']) => tests.filter((t) => t.status === st).length;
    return {
      name,
      file,
      tests,
      passed: count('passed'),
      failed: count('failed'),
      error: count('error'),
      skipped: count('skipped'),
      duration: Number(s.time ?? 0) || tests.reduce((d, t) => d + t.duration, 0),
    };
  });
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

// biome-ignore lint/suspicious/noControlCharactersInRegex: exactly the characters XML 1.0 cannot carry
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Text safe inside XML 1.0 attributes and elements (characters XML cannot carry are dropped). */
function xml(text: string): string {
  return text.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

const seconds = (s: number) => String(Math.round(s * 1000) / 1000);

/** Writes one suite as a JUnit XML document (`<testsuite>` with one `<testcase>` per test). */
export function formatJunit(suite: Omit<JunitSuite, 'file'>, timestamp: Date): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuite name="${xml(suite.name)}" tests="${suite.tests.length}" failures="${suite.failed}" errors="${suite.error}" skipped="${suite.skipped}" time="${seconds(suite.duration)}" timestamp="${timestamp.toISOString()}">`,
  ];
  for (const t of suite.tests) {
    const open = `  <testcase classname="${xml(t.classname)}" name="${xml(t.name)}" time="${seconds(t.duration)}"`;
    if (t.status === 'passed') {
      lines.push(`${open}/>`);
      continue;
    }
    const tag = t.status === 'failed' ? 'failure' : t.status;
    const text = t.message ?? '';
    const summary = text.split('\n', 1)[0] ?? '';
    lines.push(`${open}>`, `    <${tag} message="${xml(summary)}">${xml(text)}</${tag}>`, '  </testcase>');
  }
  lines.push('</testsuite>', '');
  return lines.join('\n');
}
