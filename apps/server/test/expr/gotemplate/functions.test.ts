import { describe, expect, it } from 'vitest';
import { renderTemplate } from '../../../src/expr/template.js';

// The function names upstream templates use: gomplate's aliases with gomplate's argument order,
// the common Sprig names, and Mission Control's Slack block helpers.

const data = {
  name: 'Hello World',
  list: ['b', 'a', 'c'],
  csv: 'a,b,,c',
  check: { name: 'web', labels: { team: 'sre', env: 'prod' } },
  url: 'https://user:pw@example.com:8443/p/a?x=1#frag',
  n: 3,
};

describe('gomplate and Sprig names', () => {
  it.each([
    ['{{ contains .name "World" }}', 'true'],
    ['{{ hasPrefix .name "Hello" }} {{ hasSuffix .name "World" }}', 'true true'],
    ['{{ startsWith .name "He" }} {{ endsWith .name "x" }}', 'true false'],
    ['{{ split .csv "," }}', '[a b  c]'],
    ['{{ splitN .csv "," 2 }}', '[a b,,c]'],
    ['{{ trim "--x--" "-" }} {{ trim "  y  " }}', 'x y'],
    ['{{ replaceAll "o" "0" .name }}', 'Hell0 W0rld'],
    ['{{ .name | toUpper }} {{ .name | toLower }}', 'HELLO WORLD hello world'],
    ['{{ quote "a\\"b" }}', '"a\\"b"'],
    ['{{ squote "it\'s" }}', "'it''s'"],
    ['{{ shellQuote "it\'s" }}', `'it'"'"'s'`],
    ['{{ strings.Quote "é\\n" }}', '"é\\n"'],
    ['{{ join .list "," }} {{ join "-" .list }}', 'b,a,c b-a-c'],
    ['{{ default "x" "" }} {{ default "x" "y" }}', 'x y'],
    ['{{ bool "true" }} {{ conv.ToBool "yes" }} {{ conv.ToInt "42" }}', 'true true 42'],
    [
      '{{ (urlParse .url).Host }} {{ (conv.URL .url).Path }} {{ (urlParse .url).RawQuery }}',
      'example.com:8443 /p/a x=1',
    ],
    ['{{ rem 7 3 }} {{ pow 2 10 }}', '1 1024'],
    ['{{ path.Base "/a/b.txt" }} {{ path.Dir "/a/b.txt" }}', 'b.txt /a'],
    ['{{ upper "a" }}{{ lower "B" }}{{ title "hi there" }}', 'Ab' + 'Hi There'],
    ['{{ trimPrefix "He" .name }} {{ trimSuffix "ld" .name }}', 'llo World Hello Wor'],
    ['{{ replace "l" "L" .name }}', 'HeLLo WorLd'],
    ['{{ repeat 3 "ab" }} {{ substr 0 5 .name }} {{ trunc 4 .name }}', 'ababab Hello Hell'],
    ['{{ nindent 2 "a\\nb" }}', '\n  a\n  b'],
    ['{{ cat "a" 1 nil "b" }}', 'a 1 b'],
    ['{{ list 1 "a" }} {{ len (list) }}', '[1 a] 0'],
    ['{{ get .check "name" }} {{ hasKey .check "labels" }} {{ hasKey .check "x" }}', 'web true false'],
    ['{{ empty "" }} {{ empty .list }} {{ coalesce "" 0 "z" }}', 'true false z'],
    ['{{ atoi "12" }} {{ int "7" }} {{ float64 "1.5" }}', '12 7 1.5'],
    ['{{ toJson .check.labels }}', '{"team":"sre","env":"prod"}'],
    ['{{ (fromJson "{\\"a\\":[1,2]}").a }}', '[1 2]'],
    ['{{ toJSON .list }} {{ data.ToJSON .n }}', '["b","a","c"] 3'],
    ['{{ (fromJSON "{\\"k\\":1}").k }}', '1'],
    ['{{ toYAML .check.labels }}', 'team: sre\nenv: prod\n'],
    ['{{ regexFind "[0-9]+" "ab12cd34" }}', '12'],
    ['{{ regexFindAll "[0-9]+" "ab12cd34" -1 }}', '[12 34]'],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: Go's regexp replacement syntax
    ['{{ regexReplaceAll "([a-z])([0-9])" "a1b2" "${2}${1}" }}', '1a2b'],
    ['{{ regexSplit "[,;]" "a,b;c" -1 }}', '[a b c]'],
    ['{{ seq 3 }}', '[1 2 3]'],
    ['{{ coll.Sort .list }}', '[a b c]'],
    ['{{ humanSize 1536 }}', '1.5KiB'],
    ['{{ strings.ToUpper .name }}', 'HELLO WORLD'],
  ])('%j renders %j', (src, want) => {
    expect(renderTemplate(src, data)).toBe(want);
  });
});

describe('notification helpers', () => {
  it('build Slack blocks as JSON text', () => {
    const body = renderTemplate(
      `{"blocks": [
{{ slackSectionTextMD (printf ":red_circle: *%s* is _unhealthy_" .check.name) }},
{"type": "section", "fields": [{{ slackSectionTextFieldMD "*Canary*: c1" }}, {{ slackSectionTextFieldPlain "plain \\"q\\"" }}]},
{{ slackSectionTextPlain "text" }},
{{ if .check.labels }}{{ slackSectionLabels .check }},{{ end }}
{{ slackURLAction "View Health Check" "https://x/check" "Silence" "https://x/silence" }}
]}`,
      data,
    );
    const parsed = JSON.parse(body) as { blocks: Record<string, unknown>[] };
    expect(parsed.blocks[0]).toEqual({
      type: 'section',
      text: { type: 'mrkdwn', text: ':red_circle: *web* is _unhealthy_' },
    });
    expect(parsed.blocks[1]).toEqual({
      type: 'section',
      fields: [
        { type: 'mrkdwn', text: '*Canary*: c1' },
        { type: 'plain_text', text: 'plain "q"' },
      ],
    });
    expect(parsed.blocks[2]).toEqual({ type: 'section', text: { type: 'plain_text', text: 'text' } });
    expect(parsed.blocks[3]).toEqual({
      type: 'section',
      text: { type: 'mrkdwn', text: '*Labels*' },
      fields: [
        { type: 'mrkdwn', text: '*env*: prod', verbatim: true },
        { type: 'mrkdwn', text: '*team*: sre', verbatim: true },
      ],
    });
    expect(parsed.blocks[4]).toEqual({
      type: 'actions',
      elements: [
        {
          type: 'button',
          text: { type: 'plain_text', text: 'View Health Check', emoji: true },
          url: 'https://x/check',
          action_id: 'View Health Check',
        },
        {
          type: 'button',
          text: { type: 'plain_text', text: 'Silence', emoji: true },
          url: 'https://x/silence',
          action_id: 'Silence',
        },
      ],
    });
  });

  it('formats labels and health', () => {
    expect(renderTemplate('{{ labelsFormat .check.labels }}', data)).toBe(
      '### Labels:\n**env**: prod \n**team**: sre \n',
    );
    expect(renderTemplate('{{ labelsFormat .none }}', data)).toBe('');
    expect(renderTemplate('{{ slackHealthEmoji "unhealthy" }} {{ slackHealthEmoji "x" }}', data)).toBe(
      ':red_circle: :white_circle:',
    );
    expect(renderTemplate('{{ slackSectionLabels .none }}', data)).toBe('');
  });
});
