import { describe, expect, it } from 'vitest';
import { parseFileText } from '../../src/catalog/scrapers/file.js';
import { parseProperties } from '../../src/catalog/scrapers/lib/properties.js';

// config-db reads `format: properties` with a Java properties parser, then cuts each value at its
// first tab and at an inline `#` comment outside single quotes.
describe('properties files as config-db reads them', () => {
  it('keeps every key and drops inline comments from values', () => {
    const text = [
      '# a comment line',
      '! another comment line',
      'db.host = localhost # the primary',
      'db.port=5432\t# tab, then a comment',
      "greeting = 'hello # not a comment' # a comment",
      'url=http://x/#anchor',
      'empty=',
      '   indented.key : value',
      'spaced key value',
    ].join('\n');
    expect(parseProperties(text)).toEqual({
      'db.host': 'localhost',
      'db.port': '5432',
      greeting: "'hello # not a comment'",
      url: 'http://x/',
      empty: '',
      'indented.key': 'value',
      spaced: 'key value',
    });
  });

  it('joins continuation lines, reads escapes and expands references to keys of the file', () => {
    const text = [
      'list = a, \\',
      '       b, \\',
      '       c',
      'path\\ with\\ spaces = C:\\\\temp',
      'unicode = caf\\u00e9',
      'base = /srv',
      'data = ${base}/data',
      'home = ${HOME}/x',
    ].join('\n');
    expect(parseProperties(text)).toEqual({
      list: 'a, b, c',
      'path with spaces': 'C:\\temp',
      unicode: 'café',
      base: '/srv',
      data: '/srv/data',
      home: '${HOME}/x',
    });
  });

  it('parses a .conf file with format: properties the same way', () => {
    const [config] = parseFileText("max_connections = 100 # tuned\nlisten_addresses = '*'\n", 'pg.conf', 'properties');
    expect(config).toEqual({ max_connections: '100', listen_addresses: "'*'" });
  });
});
