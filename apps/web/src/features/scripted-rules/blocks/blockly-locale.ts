// Blockly's own strings (built-in blocks, context menus) in the app's language. English is bundled
// with the editor; the others load with their language's first use.
import * as Blockly from 'blockly/core';
import * as english from 'blockly/msg/en';

type Messages = Record<string, string>;

/** A language module's strings (its named exports), without the module's other members. */
function table(module: object): Messages {
  return Object.fromEntries(
    Object.entries(module).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

const LOADERS: Record<string, () => Promise<Messages>> = {
  de: () => import('blockly/msg/de').then(table),
  es: () => import('blockly/msg/es').then(table),
  fr: () => import('blockly/msg/fr').then(table),
  ja: () => import('blockly/msg/ja').then(table),
  ko: () => import('blockly/msg/ko').then(table),
  ru: () => import('blockly/msg/ru').then(table),
  zh: () => import('blockly/msg/zh-hans').then(table),
};

export function setEnglishMessages(): void {
  Blockly.setLocale(table(english));
}

/** Sets Blockly's strings for a language; English stays underneath any key a language lacks. */
export async function loadBlocklyMessages(language: string): Promise<void> {
  setEnglishMessages();
  const load = LOADERS[language];
  if (load) Blockly.setLocale(await load());
}
