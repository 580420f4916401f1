import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { renderTemplate, shellPrinter } from '../../../src/expr/template.js';

// Templates rendered into scripts quote each printed value for where it lands, so the value is
// data to the shell; the rendered script is run by bash here to prove what the shell sees.

const nasty = [
  '$(touch /nonexistent/x)',
  '`id`',
  "it's",
  'a"b',
  'back\\slash',
  'semi; colon && pipe | amp &',
  'new\nline',
  '  spaces  ',
  '*glob?',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell expansion, as a hostile value
  '$HOME ${PATH}',
  '',
  "'; echo pwned; '",
  '"; echo pwned; "',
  '-n',
];

function script(src: string, v: unknown): string {
  return renderTemplate(src, { v }, { printer: shellPrinter() });
}

function bash(src: string): string {
  return execFileSync('bash', ['--norc', '-c', src], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } });
}

describe('shell quoting of template values', () => {
  it.each(nasty)('%j prints as itself in every quoting context', (v) => {
    const quoted = "printf '%s\\n' {{.v}}";
    expect(bash(script(quoted, v))).toBe(`${v}\n`);
    expect(bash(script('printf \'%s\\n\' "{{.v}}"', v))).toBe(`${v}\n`);
    expect(bash(script("printf '%s\\n' '{{.v}}'", v))).toBe(`${v}\n`);
    expect(bash(script('printf \'%s\\n\' "pre {{.v}} post"', v))).toBe(`pre ${v} post\n`);
    expect(bash(script("printf '%s\\n' $'{{.v}}'", v))).toBe(`${v}\n`);
    expect(bash(script('cat <<EOF\n{{.v}}\nEOF', v))).toBe(`${v}\n`);
    expect(bash(script("cat <<'EOF'\nx{{.v}}\nEOF", v)).startsWith('x')).toBe(true);
  });

  it.each([
    ['echo {{.v}}', 'web-01.prod:8080', 'echo web-01.prod:8080'],
    ['deploy --name={{.v}}', 'api_v2', 'deploy --name=api_v2'],
    ['cp {{.v}} /tmp', '/var/log/app.log', 'cp /var/log/app.log /tmp'],
    ['echo {{.v}}', 'user@example.com', 'echo user@example.com'],
    ['echo {{.v}}', '50%,+1', 'echo 50%,+1'],
    ['echo {{.v}}', 42, 'echo 42'],
    ['echo {{.v}}', 'two words', "echo 'two words'"],
    ['echo {{.v}}', "it's", "echo 'it'\\''s'"],
    ['echo {{.v}}', '', "echo ''"],
    ['echo "{{.v}}"', '$(id) `id` "x" \\', 'echo "\\$(id) \\`id\\` \\"x\\" \\\\"'],
    ["echo '{{.v}}'", "a'b", "echo 'a'\\''b'"],
    ['echo "it\'s {{.v}}"', 'x y', 'echo "it\'s x y"'],
    ['echo \'say "{{.v}}"\'', 'x y', 'echo \'say "x y"\''],
    ['# note {{.v}}\necho ok', 'a\nrm -rf /', '# note a\n# rm -rf /\necho ok'],
    ['echo \\"{{.v}}', 'a b', "echo \\\"'a b'"],
  ])('%j with %j renders %j', (src, v, want) => {
    expect(script(src, v)).toBe(want);
  });

  it('prints raw values as they are, and shellQuote output as it is outside quotes', () => {
    expect(script('{{ raw .v }}', 'echo a; echo b')).toBe('echo a; echo b');
    expect(script('"{{ raw .v }}"', '$(x)')).toBe('"$(x)"');
    expect(script('echo {{ shellQuote .v }}', "it's")).toBe(`echo 'it'"'"'s'`);
    expect(script('echo "{{ shellQuote .v }}"', '$(x)')).toBe(`echo "'\\$(x)'"`);
    expect(script('echo {{ .v | shellQuote }}', ['a b', 'c'])).toBe("echo 'a b' 'c'");
  });

  it('keeps the same quoting inside control actions, ranges and defined templates', () => {
    expect(script('{{range .v}}echo {{.}}\n{{end}}', ['a', 'b c'])).toBe("echo a\necho 'b c'\n");
    expect(script('{{if .v}}echo "{{.v}}"{{end}}', '$x')).toBe('echo "\\$x"');
    expect(script('{{define "q"}}"{{.}}"{{end}}echo {{template "q" .v}}', '$x')).toBe('echo "\\$x"');
  });

  it('leaves templates outside scripts unquoted', () => {
    expect(renderTemplate('echo {{.v}}', { v: 'two words' })).toBe('echo two words');
    expect(renderTemplate('{{ raw .v }}', { v: 'a b' })).toBe('a b');
  });

  it('honours the gotemplate header in a script', () => {
    const src = '#!/bin/bash\n# gotemplate: left-delim=$[[ right-delim=]]\necho $[[ .v ]] {{ literal }}';
    expect(script(src, 'a b')).toBe(
      "#!/bin/bash\n# gotemplate: left-delim=$[[ right-delim=]]\necho 'a b' {{ literal }}",
    );
  });
});
