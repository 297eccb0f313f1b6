import { MantineProvider } from '@mantine/core';
import { scriptTemplate } from '@tapwise/contracts';
import { render, screen, waitFor } from '@testing-library/react';
import * as Blockly from 'blockly/core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n/i18n';
import BlockEditor from './block-editor';
import { codeToBlocks } from './code-to-blocks';

type Props = Parameters<typeof BlockEditor>[0];

function renderEditor(props: Partial<Props> = {}) {
  const onChange = vi.fn();
  const source = props.source ?? scriptTemplate('CUT_WASTE').source;
  const editor = (next: Partial<Props>) => (
    <MantineProvider>
      <BlockEditor source={source} blocks={null} onChange={onChange} {...props} {...next} />
    </MantineProvider>
  );
  const { rerender } = render(editor({}));
  return { onChange, rerender: (next: Partial<Props>) => rerender(editor(next)) };
}

function shownWorkspace(): Blockly.Workspace {
  return Blockly.getMainWorkspace();
}

describe('BlockEditor', () => {
  beforeAll(async () => {
    // jsdom has no canvas: Blockly then measures text from the DOM.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    await initI18n('en');
  });

  it('opens a script as blocks without reporting a change', async () => {
    const { onChange } = renderEditor();
    expect(await screen.findByRole('region', { name: 'Script blocks' })).toBeTruthy();
    await waitFor(() => expect(shownWorkspace().getAllBlocks(false).length).toBeGreaterThan(5));
    expect(shownWorkspace().getTopBlocks(true)[0]!.type).toBe('tw_comment');
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.queryByText(/kept as code blocks/)).toBeNull();
  });

  it('reports an edit as the script the blocks generate, with the blocks', async () => {
    const { onChange } = renderEditor();
    await waitFor(() => expect(shownWorkspace().getAllBlocks(false).length).toBeGreaterThan(5));
    const comment = shownWorkspace().getTopBlocks(true)[0]!;
    comment.setFieldValue('Cut waste, edited', 'TEXT');
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    const [{ source, blocks }] = onChange.mock.lastCall as [{ source: string; blocks: unknown }];
    expect(source.split('\n')[0]).toBe('// Cut waste, edited');
    expect(JSON.stringify(blocks)).toContain('Cut waste, edited');
  });

  it('opens the saved blocks while they generate the script, and says when code blocks were needed', async () => {
    const source = 'while (true) {}\n';
    renderEditor({ source, blocks: codeToBlocks(source).blocks });
    expect(await screen.findByText(/kept as code blocks/)).toBeTruthy();
    await waitFor(() => expect(shownWorkspace().getTopBlocks(false)[0]?.type).toBe('tw_code'));
  });

  it('shows a script changed in the code editor, without reporting it back', async () => {
    const { onChange, rerender } = renderEditor();
    await waitFor(() => expect(shownWorkspace().getAllBlocks(false).length).toBeGreaterThan(5));
    rerender({ source: "tw.log('edited as code');\n" });
    await waitFor(() =>
      expect(
        shownWorkspace()
          .getTopBlocks(false)
          .map((block) => block.type),
      ).toEqual(['tw_log']),
    );
    expect(onChange).not.toHaveBeenCalled();
  });

  it('is read-only when asked', async () => {
    renderEditor({ readOnly: true });
    await waitFor(() => expect(shownWorkspace().getAllBlocks(false).length).toBeGreaterThan(5));
    expect(shownWorkspace().isReadOnly()).toBe(true);
  });
});
