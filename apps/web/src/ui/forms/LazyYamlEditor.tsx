import { lazy, Suspense } from 'react';
import { LoadingBlock } from '../Spinner.js';
import type { YamlEditorProps } from './YamlEditor.js';

const Editor = lazy(() => import('./YamlEditor.js'));

/** The YAML editor, with CodeMirror fetched on first use. */
export function LazyYamlEditor(props: YamlEditorProps) {
  return (
    <Suspense fallback={<LoadingBlock label="Loading editor" />}>
      <Editor {...props} />
    </Suspense>
  );
}
