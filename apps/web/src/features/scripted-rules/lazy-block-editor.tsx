// The block editor (Blockly, blocks/block-editor.tsx) loaded when the Blocks tab first opens. Its
// blocks generate the script's source, so the source stays the one truth the code tab edits too.
import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { BlockEditorProps } from './blocks/block-editor';

const Blockly = lazy(() => import('./blocks/block-editor'));

export function BlockEditor(props: BlockEditorProps) {
  return (
    <Suspense fallback={<Skeleton height={420} />}>
      <Blockly {...props} />
    </Suspense>
  );
}
