// The code editor as pages use it: Monaco loaded on first use, a skeleton meanwhile. Tests mock
// './code-editor' with a text area.
import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { CodeEditorProps } from './code-editor-props';

const MonacoEditor = lazy(() => import('./code-editor'));

export function CodeEditor(props: CodeEditorProps) {
  return (
    <Suspense fallback={<Skeleton height={props.height ?? 420} aria-label={props.label} />}>
      <MonacoEditor {...props} />
    </Suspense>
  );
}
