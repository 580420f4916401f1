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
