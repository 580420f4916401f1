import { useState } from 'react';
import type { EditorView } from './FormYamlToggle.js';

/** What the YAML text parses to: the document, or why it does not parse. */
export type YamlParse<D> = { doc: D } | { error: string };

/**
 * The state behind a Form|YAML toggle over one document. Opening YAML writes the document out
 * afresh (so the text shows every field, including those the form lacks); each edit of the text
 * that parses goes back to the form through `onParsed`; while the text does not parse the form
 * stays closed, so no half-typed YAML is lost.
 */
export function useFormYaml<D>({
  toYaml,
  parse,
  onParsed,
}: {
  /** The current document as YAML, read when the YAML view opens. */
  toYaml: () => string;
  parse: (text: string) => YamlParse<D>;
  onParsed: (doc: D) => void;
}) {
  const [view, setView] = useState<EditorView>('form');
  const [yamlText, setYamlText] = useState('');
  const [yamlError, setYamlError] = useState<string>();

  const switchView = (next: EditorView) => {
    if (next === view) return;
    if (next === 'yaml') {
      setYamlText(toYaml());
      setYamlError(undefined);
    } else if (yamlError) return; // keep the person in YAML until it parses
    setView(next);
  };
  const onYaml = (text: string) => {
    setYamlText(text);
    const parsed = parse(text);
    if ('error' in parsed) {
      setYamlError(parsed.error);
      return;
    }
    setYamlError(undefined);
    onParsed(parsed.doc);
  };
  return { view, switchView, yamlText, yamlError, onYaml };
}
