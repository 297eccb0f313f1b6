// What the code editor takes: shared by the Monaco module and its lazy seam, so tests can put a
// plain text area in Monaco's place (jsdom cannot run Monaco).

/** A problem the server found, shown inline at its line. */
export interface CodeProblem {
  line: number;
  message: string;
}

export interface CodeEditorProps {
  label: string;
  value: string;
  onChange?(value: string): void;
  readOnly?: boolean;
  /** JavaScript (scripts, functions) unless said; the API reference is TypeScript. */
  language?: 'javascript' | 'typescript';
  /** The model's file name: one model per script or function. */
  path: string;
  /** Declaration files by name (the script API, the custom functions' modules). */
  extraLibs?: Record<string, string>;
  problems?: CodeProblem[];
  /** Ctrl/Cmd+S and Ctrl/Cmd+Enter inside the editor. */
  onSave?(): void;
  onRun?(): void;
  height?: number;
}
