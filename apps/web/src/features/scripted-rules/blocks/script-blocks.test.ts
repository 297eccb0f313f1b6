import * as Blockly from 'blockly/core';
import i18next from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import de from '../../../locales/de.json';
import en from '../../../locales/en.json';
import es from '../../../locales/es.json';
import fr from '../../../locales/fr.json';
import ja from '../../../locales/ja.json';
import ko from '../../../locales/ko.json';
import ru from '../../../locales/ru.json';
import zh from '../../../locales/zh.json';
import { initI18n } from '../../../shared/i18n/i18n';
import { registerScriptBlocks } from './script-blocks';
import { scriptToolbox } from './toolbox';

const LOCALES = { en, de, es, fr, ja, ko, ru, zh };

/** Every label, tooltip and option a block shows. */
function texts(block: Blockly.Block): string[] {
  const shown = [String(block.getTooltip())];
  for (const input of block.inputList) {
    for (const field of input.fieldRow) {
      shown.push(field.getText());
      if (field instanceof Blockly.FieldDropdown) {
        shown.push(...field.getOptions(false).map(([label]) => String(label)));
      }
    }
  }
  return shown;
}

describe('script blocks', () => {
  beforeAll(async () => {
    await initI18n('en');
    registerScriptBlocks();
  });
  afterAll(async () => {
    await i18next.changeLanguage('en');
  });

  it.each(Object.keys(LOCALES))('build in %s with every label translated', async (language) => {
    i18next.addResourceBundle(language, 'translation', LOCALES[language as keyof typeof LOCALES]);
    await i18next.changeLanguage(language);
    const workspace = new Blockly.Workspace();
    const types = Object.keys(Blockly.Blocks).filter((type) => type.startsWith('tw_'));
    expect(types.length).toBeGreaterThan(20);
    for (const type of types) {
      // jsonInit rejects a message whose placeholders do not match the block's arguments.
      const block = workspace.newBlock(type);
      for (const text of texts(block)) expect(text, type).not.toContain('scriptBlocks.');
    }
    const categories = scriptToolbox().contents.map((item) => ('name' in item ? item.name : ''));
    expect(categories.filter((name) => name.startsWith('scriptBlocks.'))).toEqual([]);
    workspace.dispose();
  });
});
