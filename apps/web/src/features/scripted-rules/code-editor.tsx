// The Monaco code editor, from the local monaco-editor package (never a CDN), with its editor and
// TypeScript/JavaScript workers bundled by Vite. This module is only ever imported lazily
// (lazy-code-editor.tsx), so Monaco's weight is paid on /scripted-rule and /sar-proxy alone.
// Scripts are JavaScript checked as TypeScript would check them: the script API declaration and
// one `declare module 'functions/<path>'` per visible custom function are extra libs, so
// autocompletion and inline errors come from them.
import Editor, { loader, type OnMount } from '@monaco-editor/react';
import * as monaco from 'monaco-editor';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import TsWorker from 'monaco-editor/language/typescript/ts.worker?worker';
import { useEffect, useRef } from 'react';
import type { CodeEditorProps } from './code-editor-props';

self.MonacoEnvironment = {
  getWorker: (_id: string, label: string) =>
    label === 'typescript' || label === 'javascript' ? new TsWorker() : new EditorWorker(),
};
loader.config({ monaco });

const javascript = monaco.typescript.javascriptDefaults;
javascript.setCompilerOptions({
  allowJs: true,
  checkJs: true,
  allowNonTsExtensions: true,
  target: monaco.typescript.ScriptTarget.ES2020,
  module: monaco.typescript.ModuleKind.ESNext,
  moduleResolution: monaco.typescript.ModuleResolutionKind.NodeJs,
  // The sandbox has no DOM: only the language's own library and the script API.
  lib: ['es2020'],
  noEmit: true,
});
javascript.setDiagnosticsOptions({ noSemanticValidation: false, noSyntaxValidation: false });
// The API reference (/sar-proxy) is the declaration itself, read as TypeScript without the DOM's
// globals (its own `console` would clash with them).
monaco.typescript.typescriptDefaults.setCompilerOptions({
  target: monaco.typescript.ScriptTarget.ES2020,
  lib: ['es2020'],
  noEmit: true,
});

/** The extra libs currently added, by file name, replaced when their content changes. */
const extraLibs = new Map<string, { content: string; dispose(): void }>();

function setExtraLibs(libs: Record<string, string>) {
  for (const [name, lib] of extraLibs) {
    if (libs[name] === lib.content) continue;
    lib.dispose();
    extraLibs.delete(name);
  }
  for (const [name, content] of Object.entries(libs)) {
    if (extraLibs.has(name)) continue;
    extraLibs.set(name, { content, ...javascript.addExtraLib(content, name) });
  }
}

/** Markers of the server's own (a compile error on save), beside the language service's. */
const SERVER_MARKERS = 'tapwise-server';

export default function CodeEditor(props: CodeEditorProps) {
  const editorRef = useRef<Parameters<OnMount>[0] | null>(null);
  // The latest handlers, for the key bindings registered once at mount.
  const handlers = useRef(props);
  useEffect(() => {
    handlers.current = props;
  });

  useEffect(() => setExtraLibs(props.extraLibs ?? {}), [props.extraLibs]);

  useEffect(() => {
    const model = editorRef.current?.getModel();
    if (!model) return;
    monaco.editor.setModelMarkers(
      model,
      SERVER_MARKERS,
      (props.problems ?? []).map((problem) => ({
        severity: monaco.MarkerSeverity.Error,
        message: problem.message,
        startLineNumber: problem.line,
        endLineNumber: problem.line,
        startColumn: 1,
        endColumn: model.getLineMaxColumn(Math.min(problem.line, model.getLineCount())),
      })),
    );
  }, [props.problems]);

  const onMount: OnMount = (editor) => {
    editorRef.current = editor;
    editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyS, () =>
      handlers.current.onSave?.(),
    );
    editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, () =>
      handlers.current.onRun?.(),
    );
  };

  return (
    <div aria-label={props.label} role="group" data-testid="code-editor">
      <Editor
        height={props.height ?? 420}
        language={props.language ?? 'javascript'}
        path={props.path}
        value={props.value}
        onChange={(value) => props.onChange?.(value ?? '')}
        onMount={onMount}
        options={{
          readOnly: props.readOnly ?? false,
          minimap: { enabled: false },
          fontSize: 13,
          scrollBeyondLastLine: false,
          automaticLayout: true,
          tabSize: 2,
        }}
      />
    </div>
  );
}
