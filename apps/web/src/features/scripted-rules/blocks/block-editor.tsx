// The script's block editor (Blockly), loaded only with the scripted rule page. It opens the saved
// blocks while they still generate the script, else the script converted to blocks, and reports
// each edit as the script the blocks generate together with the blocks themselves.
import { Alert, Box, Stack, useComputedColorScheme, useMantineTheme } from '@mantine/core';
import * as Blockly from 'blockly/core';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { blockTheme } from './block-theme';
import { loadBlocklyMessages } from './blockly-locale';
import {
  openWorkspace,
  usesCodeBlocks,
  workspaceToScript,
  type WorkspaceJson,
} from './code-to-blocks';
import { registerScriptBlocks } from './script-blocks';
import { registerVariablesCategory, scriptToolbox } from './toolbox';

export interface BlockEditorProps {
  source: string;
  /** The saved workspace (Blockly serialization JSON) when the script was last edited in blocks. */
  blocks: Record<string, unknown> | null;
  onChange(next: { source: string; blocks: Record<string, unknown> }): void;
  readOnly?: boolean;
}

export default function BlockEditor({
  source,
  blocks,
  onChange,
  readOnly = false,
}: BlockEditorProps) {
  const { t, i18n } = useTranslation();
  const theme = useMantineTheme();
  const dark = useComputedColorScheme('light') === 'dark';
  const host = useRef<HTMLDivElement>(null);
  const workspace = useRef<Blockly.WorkspaceSvg | null>(null);
  // The blocks shown and the script they generate: what a remount (language, colour scheme)
  // restores, and how a `source` the editor itself reported is told from one changed elsewhere.
  const shown = useRef<{ source: string; state: WorkspaceJson } | null>(null);
  const reportChange = useRef(onChange);
  useLayoutEffect(() => {
    reportChange.current = onChange;
  });
  const [exact, setExact] = useState(true);
  const [language, setLanguage] = useState<string | null>(null);

  useEffect(() => {
    if (shown.current?.source === source) return;
    const next = openWorkspace(source, blocks as WorkspaceJson | null);
    shown.current = { source, state: next.blocks };
    setExact(next.exact);
    if (workspace.current) load(workspace.current, next.blocks);
  }, [source, blocks]);

  useEffect(() => {
    let current = true;
    void loadBlocklyMessages(i18n.language).then(() => {
      if (current) setLanguage(i18n.language);
    });
    return () => {
      current = false;
    };
  }, [i18n.language]);

  useEffect(() => {
    if (!host.current || language === null) return;
    registerScriptBlocks();
    const editor = Blockly.inject(host.current, {
      toolbox: scriptToolbox(),
      theme: blockTheme(theme, dark),
      readOnly,
      renderer: 'thrasos',
      // Blockly's images from this app (public/blockly-media), never from Blockly's demo site.
      media: '/blockly-media/',
      sounds: false,
      trashcan: !readOnly,
      zoom: { controls: true, wheel: false, startScale: 0.9 },
      move: { scrollbars: true, drag: true, wheel: true },
      grid: {
        spacing: 24,
        length: 2,
        colour: dark ? theme.colors.dark[4] : theme.colors.gray[3],
        snap: false,
      },
    });
    workspace.current = editor;
    registerVariablesCategory(editor);
    load(editor, shown.current!.state);

    editor.addChangeListener((event) => {
      if (event.isUiEvent || event.type === Blockly.Events.FINISHED_LOADING) return;
      const state = Blockly.serialization.workspaces.save(editor) as WorkspaceJson;
      const script = workspaceToScript(editor);
      shown.current = { source: script, state };
      setExact(!usesCodeBlocks(state));
      reportChange.current({ source: script, blocks: state });
    });

    const resize = new ResizeObserver(() => Blockly.svgResize(editor));
    resize.observe(host.current);
    return () => {
      resize.disconnect();
      workspace.current = null;
      editor.dispose();
    };
  }, [language, theme, dark, readOnly]);

  return (
    <Stack gap="xs" h="100%">
      {!exact && (
        <Alert color="gray" variant="light" py={6}>
          {t('scriptBlocks.editor.notExact')}
        </Alert>
      )}
      <Box
        ref={host}
        role="region"
        aria-label={t('scriptBlocks.editor.label')}
        flex={1}
        mih={420}
        pos="relative"
        style={{
          border: `1px solid var(--mantine-color-default-border)`,
          borderRadius: 'var(--mantine-radius-sm)',
          overflow: 'hidden',
        }}
      />
    </Stack>
  );
}

/** Replaces what the workspace shows without reporting it as an edit. */
function load(editor: Blockly.WorkspaceSvg, state: WorkspaceJson) {
  Blockly.Events.disable();
  try {
    editor.clear();
    Blockly.serialization.workspaces.load(state, editor);
  } finally {
    Blockly.Events.enable();
  }
}
