// The block editor in the app's Mantine palette, light or dark. Blockly derives each block's
// secondary and tertiary shades from the primary colour given here.
import type { MantineTheme } from '@mantine/core';
import * as Blockly from 'blockly/core';

/** Block style and toolbox category style per palette colour: the API's groups, then Blockly's. */
const STYLES: [style: string, category: string, colour: string][] = [
  ['tw_read_blocks', 'tw_read_category', 'blue'],
  ['tw_entity_blocks', 'tw_entity_category', 'teal'],
  ['tw_helper_blocks', 'tw_helper_category', 'violet'],
  ['tw_action_blocks', 'tw_action_category', 'orange'],
  ['tw_code_blocks', 'tw_code_category', 'gray'],
  ['logic_blocks', 'logic_category', 'indigo'],
  ['math_blocks', 'math_category', 'cyan'],
  ['text_blocks', 'text_category', 'green'],
  ['variable_blocks', 'variable_category', 'pink'],
  ['list_blocks', 'list_category', 'grape'],
];

export function blockTheme(theme: MantineTheme, dark: boolean): Blockly.Theme {
  const shade = (colour: string) => theme.colors[colour]![dark ? 8 : 6]!;
  const { colors } = theme;
  return Blockly.Theme.defineTheme(`tapwise-${dark ? 'dark' : 'light'}`, {
    name: `tapwise-${dark ? 'dark' : 'light'}`,
    base: Blockly.Themes.Classic,
    blockStyles: Object.fromEntries(
      STYLES.map(([style, , colour]) => [style, { colourPrimary: shade(colour) }]),
    ),
    categoryStyles: Object.fromEntries(
      STYLES.map(([, category, colour]) => [category, { colour: shade(colour) }]),
    ),
    componentStyles: {
      workspaceBackgroundColour: dark ? colors.dark[7] : theme.white,
      toolboxBackgroundColour: dark ? colors.dark[6] : colors.gray[0],
      toolboxForegroundColour: dark ? colors.dark[0] : theme.black,
      flyoutBackgroundColour: dark ? colors.dark[5] : colors.gray[1],
      flyoutForegroundColour: dark ? colors.dark[0] : theme.black,
      flyoutOpacity: 1,
      scrollbarColour: dark ? colors.dark[3] : colors.gray[5],
      insertionMarkerColour: colors.blue[5],
      insertionMarkerOpacity: 0.3,
      cursorColour: colors.blue[5],
    },
    fontStyle: { family: theme.fontFamily ?? 'sans-serif', size: 12 },
    startHats: false,
  });
}
