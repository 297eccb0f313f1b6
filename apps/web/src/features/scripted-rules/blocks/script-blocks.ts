// The blocks of the script API and the generator that turns them into script source. Labels are
// read from i18next when a block is created, so a workspace built after a language change speaks
// the new language; the generated code never depends on the language.
import {
  CUSTOM_LOOKBACK_MAX_HOURS,
  GOAL_METRIC_KEYS,
  LOOKBACK_RANGES,
  METRIC_KEYS,
  RULE_CHANGE_OPERATIONS,
  RULE_CHANGE_UNITS,
} from '@tapwise/contracts';
import { parseExpressionAt, tokenizer, tokTypes } from 'acorn';
import * as Blockly from 'blockly/core';
import 'blockly/blocks';
import { JavascriptGenerator, Order, javascriptGenerator } from 'blockly/javascript';
import i18n from 'i18next';
import { setEnglishMessages } from './blockly-locale';

/** Entity reads of the API, by the level the for-each block names. */
export const READS = {
  CAMPAIGN: 'campaigns',
  AD_GROUP: 'adGroups',
  KEYWORD: 'keywords',
  SEARCH_TERM: 'searchTerms',
} as const;
export type ReadLevel = keyof typeof READS;

/**
 * '' stands for "left out": the API's default, and what a script that omits the option says. A
 * date range has no block (it opens as code).
 */
export const LOOKBACKS = [...LOOKBACK_RANGES.filter((range) => range !== 'DATE_RANGE'), ''];

/** The declaration's Metrics keys: the rules' metrics and a goal's. */
export const SCRIPT_METRICS: string[] = [...METRIC_KEYS, ...GOAL_METRIC_KEYS];
export const ENTITY_FIELDS = [
  'name',
  'text',
  'bid',
  'dailyBudget',
  'status',
  'id',
  'level',
  'currency',
  'adAccountId',
  'campaignId',
  'adGroupId',
  'keywordId',
  'adamId',
] as const;
export const AMOUNT_OPERATIONS = RULE_CHANGE_OPERATIONS;
export const UNITS = ['', ...RULE_CHANGE_UNITS];
export const MATCH_TYPES = ['EXACT', 'BROAD'] as const;
export const NEGATIVE_LEVELS = ['', 'AD_GROUP', 'CAMPAIGN'] as const;
export const AGGREGATES = ['sum', 'average', 'median'] as const;

const t = (key: string, options?: Record<string, unknown>) =>
  i18n.t(`scriptBlocks.${key}`, options ?? {});

function options(values: readonly string[], label: (value: string) => string) {
  return values.map((value) => [label(value), value]);
}

function metricLabel(key: string): string {
  return i18n.t(`overview.metrics.${key}`, {
    defaultValue: i18n.t(`goalRules.metrics.${key}`, { defaultValue: key }),
  });
}

// Colours are block styles, so the editor's theme (Mantine colours) decides them.
const STYLE = {
  read: 'tw_read_blocks',
  entity: 'tw_entity_blocks',
  helper: 'tw_helper_blocks',
  action: 'tw_action_blocks',
  code: 'tw_code_blocks',
};

type Definition = Record<string, unknown>;

function define(
  type: string,
  definition: () => Definition,
  setup?: (block: Blockly.Block) => void,
) {
  Blockly.Blocks[type] = {
    init(this: Blockly.Block) {
      this.jsonInit({ type, ...definition() });
      setup?.(this);
    },
  };
}

const statement = { previousStatement: null, nextStatement: null };
const reasonArg = { type: 'input_value', name: 'REASON' };
const entityArg = { type: 'input_value', name: 'ENTITY' };

function lookbackField() {
  return {
    type: 'field_dropdown',
    name: 'LOOKBACK',
    options: options(LOOKBACKS, (value) => t(`lookbacks.${value || 'DEFAULT'}`)),
  };
}

/** The hours field matters only for a custom window; hide it otherwise. */
function toggleHours(block: Blockly.Block) {
  const lookback = block.getField('LOOKBACK') as Blockly.FieldDropdown;
  const sync = (value: string) => {
    block.getField('HOURS')?.setVisible(value === 'CUSTOM_HOUR');
    block.getField('HOURS_LABEL')?.setVisible(value === 'CUSTOM_HOUR');
    if (block.rendered) (block as Blockly.BlockSvg).queueRender();
  };
  lookback.setValidator((value) => {
    sync(value);
    return value;
  });
  sync(lookback.getValue() ?? '');
}

let registered = false;

/** Defines the blocks once per page; Blockly's registry is global. */
export function registerScriptBlocks(): void {
  if (registered) return;
  registered = true;
  setEnglishMessages();

  define('tw_comment', () => ({
    message0: '// %1',
    args0: [{ type: 'field_input', name: 'TEXT', text: '' }],
    ...statement,
    style: STYLE.code,
    tooltip: t('comment.tooltip'),
  }));
  define('tw_code', () => ({
    message0: t('code.label'),
    args0: [{ type: 'field_input', name: 'CODE', text: '' }],
    ...statement,
    style: STYLE.code,
    tooltip: t('code.tooltip'),
  }));
  define('tw_code_value', () => ({
    message0: t('codeValue.label'),
    args0: [{ type: 'field_input', name: 'CODE', text: '' }],
    output: null,
    style: STYLE.code,
    tooltip: t('code.tooltip'),
  }));

  define(
    'tw_for_each',
    () => ({
      message0: t('forEach.label'),
      args0: [
        { type: 'field_variable', name: 'VAR', variable: 'item' },
        {
          type: 'field_dropdown',
          name: 'LEVEL',
          options: options(Object.keys(READS), (value) => t(`levels.${value}`)),
        },
        lookbackField(),
        { type: 'field_label', name: 'HOURS_LABEL', text: t('forEach.hours') },
        {
          type: 'field_number',
          name: 'HOURS',
          value: 24,
          min: 1,
          max: CUSTOM_LOOKBACK_MAX_HOURS,
          precision: 1,
        },
      ],
      message1: '%1',
      args1: [{ type: 'input_statement', name: 'DO' }],
      ...statement,
      style: STYLE.read,
      tooltip: t('forEach.tooltip'),
    }),
    toggleHours,
  );
  define('tw_for_of', () => ({
    message0: t('forOf.label'),
    args0: [
      { type: 'field_variable', name: 'VAR', variable: 'item' },
      { type: 'input_value', name: 'LIST' },
    ],
    message1: '%1',
    args1: [{ type: 'input_statement', name: 'DO' }],
    ...statement,
    style: STYLE.read,
    tooltip: t('forOf.tooltip'),
  }));
  define(
    'tw_read',
    () => ({
      message0: t('read.label'),
      args0: [
        {
          type: 'field_dropdown',
          name: 'LEVEL',
          options: options(Object.keys(READS), (value) => t(`levels.${value}`)),
        },
        lookbackField(),
        { type: 'field_label', name: 'HOURS_LABEL', text: t('forEach.hours') },
        {
          type: 'field_number',
          name: 'HOURS',
          value: 24,
          min: 1,
          max: CUSTOM_LOOKBACK_MAX_HOURS,
          precision: 1,
        },
      ],
      output: 'Array',
      style: STYLE.read,
      tooltip: t('read.tooltip'),
    }),
    toggleHours,
  );
  define('tw_declare', () => ({
    message0: t('declare.label'),
    args0: [
      {
        type: 'field_dropdown',
        name: 'KIND',
        options: [
          [t('declare.const'), 'const'],
          [t('declare.let'), 'let'],
        ],
      },
      { type: 'field_variable', name: 'VAR', variable: 'value' },
      { type: 'input_value', name: 'VALUE' },
    ],
    ...statement,
    style: 'variable_blocks',
    tooltip: t('declare.tooltip'),
  }));

  define('tw_metric', () => ({
    message0: t('metric.label'),
    args0: [
      { type: 'field_dropdown', name: 'METRIC', options: options(SCRIPT_METRICS, metricLabel) },
      entityArg,
    ],
    output: null,
    inputsInline: true,
    style: STYLE.entity,
    tooltip: t('metric.tooltip'),
  }));
  define('tw_entity_field', () => ({
    message0: t('field.label'),
    args0: [
      {
        type: 'field_dropdown',
        name: 'FIELD',
        options: options(ENTITY_FIELDS, (value) => t(`fields.${value}`)),
      },
      entityArg,
    ],
    output: null,
    inputsInline: true,
    style: STYLE.entity,
    tooltip: t('field.tooltip'),
  }));
  define('tw_is_null', () => ({
    message0: t('isNull.label'),
    args0: [
      { type: 'input_value', name: 'VALUE' },
      {
        type: 'field_dropdown',
        name: 'OP',
        options: [
          [t('isNull.notNull'), 'NOT_NULL'],
          [t('isNull.null'), 'NULL'],
        ],
      },
    ],
    output: 'Boolean',
    inputsInline: true,
    style: 'logic_blocks',
    tooltip: t('isNull.tooltip'),
  }));
  define('tw_ad_group', () => ({
    message0: t('adGroup.label'),
    args0: [
      { type: 'input_value', name: 'AD_ACCOUNT', check: 'Number' },
      { type: 'input_value', name: 'AD_GROUP', check: 'Number' },
    ],
    output: null,
    inputsInline: true,
    style: STYLE.entity,
    tooltip: t('adGroup.tooltip'),
  }));

  define('tw_aggregate', () => ({
    message0: t('aggregate.label'),
    args0: [
      {
        type: 'field_dropdown',
        name: 'FN',
        options: options(AGGREGATES, (value) => t(`aggregate.${value}`)),
      },
      { type: 'input_value', name: 'VALUES' },
    ],
    output: null,
    inputsInline: true,
    style: STYLE.helper,
    tooltip: t('aggregate.tooltip'),
  }));
  define('tw_percentile', () => ({
    message0: t('percentile.label'),
    args0: [
      { type: 'input_value', name: 'P' },
      { type: 'input_value', name: 'VALUES' },
    ],
    output: null,
    inputsInline: true,
    style: STYLE.helper,
    tooltip: t('percentile.tooltip'),
  }));
  define('tw_each_value', () => ({
    message0: t('eachValue.label'),
    args0: [
      {
        type: 'field_dropdown',
        name: 'VALUE',
        options: [
          ...SCRIPT_METRICS.map((key) => [metricLabel(key), `metrics.${key}`]),
          ...options(ENTITY_FIELDS, (value) => t(`fields.${value}`)),
        ],
      },
      { type: 'input_value', name: 'LIST' },
    ],
    output: 'Array',
    inputsInline: true,
    style: STYLE.helper,
    tooltip: t('eachValue.tooltip'),
  }));
  define('tw_change', () => ({
    message0: t('change.label'),
    args0: [
      { type: 'input_value', name: 'CURRENT' },
      { type: 'input_value', name: 'PREVIOUS' },
    ],
    output: null,
    inputsInline: true,
    style: STYLE.helper,
    tooltip: t('change.tooltip'),
  }));

  for (const action of ['pause', 'resume'] as const) {
    define(`tw_${action}`, () => ({
      message0: t(`${action}.label`),
      args0: [entityArg, reasonArg],
      inputsInline: true,
      ...statement,
      style: STYLE.action,
      tooltip: t(`${action}.tooltip`),
    }));
  }
  for (const action of ['changeBid', 'changeBudget'] as const) {
    define(`tw_${action}`, () => ({
      message0: t(`${action}.label`),
      args0: [
        entityArg,
        {
          type: 'field_dropdown',
          name: 'OPERATION',
          options: options(AMOUNT_OPERATIONS, (value) => t(`operations.${value}`)),
        },
        { type: 'input_value', name: 'VALUE' },
        {
          type: 'field_dropdown',
          name: 'UNIT',
          options: options(UNITS, (value) => t(`units.${value || 'DEFAULT'}`)),
        },
      ],
      message1: t('amount.bounds'),
      args1: [
        { type: 'field_input', name: 'MIN', text: '' },
        { type: 'field_input', name: 'MAX', text: '' },
      ],
      message2: t('reason'),
      args2: [reasonArg],
      ...statement,
      style: STYLE.action,
      tooltip: t(`${action}.tooltip`),
    }));
  }
  define('tw_addNegativeKeyword', () => ({
    message0: t('addNegativeKeyword.label'),
    args0: [
      entityArg,
      {
        type: 'field_dropdown',
        name: 'MATCH',
        options: options(MATCH_TYPES, (value) => t(`matchTypes.${value}`)),
      },
      {
        type: 'field_dropdown',
        name: 'LEVEL',
        options: options(NEGATIVE_LEVELS, (value) => t(`negativeLevels.${value || 'DEFAULT'}`)),
      },
    ],
    message1: t('reason'),
    args1: [reasonArg],
    ...statement,
    style: STYLE.action,
    tooltip: t('addNegativeKeyword.tooltip'),
  }));
  define('tw_promoteSearchTerm', () => ({
    message0: t('promoteSearchTerm.label'),
    args0: [
      entityArg,
      { type: 'input_value', name: 'TARGET' },
      {
        type: 'field_dropdown',
        name: 'MATCH',
        options: options(MATCH_TYPES, (value) => t(`matchTypes.${value}`)),
      },
    ],
    message1: t('promoteSearchTerm.bid'),
    args1: [{ type: 'field_input', name: 'BID', text: '' }],
    message2: t('reason'),
    args2: [reasonArg],
    ...statement,
    style: STYLE.action,
    tooltip: t('promoteSearchTerm.tooltip'),
  }));
  define('tw_notifyByEmail', () => ({
    message0: t('notifyByEmail.label'),
    args0: [
      { type: 'field_input', name: 'EMAILS', text: '' },
      { type: 'field_input', name: 'EXTERNAL', text: '' },
      { type: 'input_value', name: 'MESSAGE' },
    ],
    ...statement,
    style: STYLE.action,
    tooltip: t('notifyByEmail.tooltip'),
  }));
  define('tw_notifyBySlack', () => ({
    message0: t('notifyBySlack.label'),
    args0: [
      { type: 'field_input', name: 'CHANNEL_ID', text: '' },
      { type: 'field_input', name: 'CHANNEL_NAME', text: '' },
      { type: 'input_value', name: 'MESSAGE' },
    ],
    ...statement,
    style: STYLE.action,
    tooltip: t('notifyBySlack.tooltip'),
  }));
  define('tw_log', () => ({
    message0: t('log.label'),
    args0: [{ type: 'input_value', name: 'VALUE' }],
    ...statement,
    style: STYLE.action,
    tooltip: t('log.tooltip'),
  }));
}

/**
 * Marks a verbatim line inside a string or template, so indentation does not reach its text (a
 * private-use character, which scripts have no reason to start a line with).
 */
const KEEP_LINE = '\uE000';

/**
 * Blockly's JavaScript generator, with the script's own dialect: strict equality, `**`, variable
 * names as written (no renaming around reserved words), strings escaped rather than continued
 * across lines, and no hoisted `var` declarations, since scripts declare variables where they use
 * them.
 */
class ScriptGenerator extends JavascriptGenerator {
  override finish(code: string): string {
    this.definitions_ = Object.create(null) as Record<string, string>;
    // With no definitions, Blockly still puts its blank separator lines before the code.
    return super
      .finish(code)
      .replace(/^\n+/, '')
      .replace(/^[ \t]*\uE000/gm, '');
  }

  override quote_(text: string): string {
    const escapes: Record<string, string> = {
      '\\': '\\\\',
      "'": "\\'",
      '\n': '\\n',
      '\r': '\\r',
      '\u2028': '\\u2028',
      '\u2029': '\\u2029',
    };
    return `'${text.replace(/[\\'\n\r\u2028\u2029]/g, (character) => escapes[character]!)}'`;
  }
}

/**
 * Lines of verbatim code (counted from 0) that begin inside a string or template literal: their
 * whitespace is the literal's content, so neither conversion nor generation may re-indent them.
 */
export function literalLines(code: string): Set<number> {
  const lines = new Set<number>();
  if (!code.includes('\n')) return lines;
  try {
    for (const token of tokenizer(code, { ecmaVersion: 'latest' })) {
      if (token.type !== tokTypes.template && token.type !== tokTypes.string) continue;
      for (
        let at = code.indexOf('\n', token.start);
        at !== -1 && at < token.end;
        at = code.indexOf('\n', at + 1)
      ) {
        lines.add(code.slice(0, at + 1).split('\n').length - 1);
      }
    }
  } catch {
    // Code that does not tokenize has no literal we could recognise; it is kept as it is.
  }
  return lines;
}

/** Verbatim code with its literal lines marked, for finish() to take out of the indentation. */
function verbatim(code: string): string {
  const literal = literalLines(code);
  if (literal.size === 0) return code;
  return code
    .split('\n')
    .map((line, index) => (literal.has(index) ? KEEP_LINE + line : line))
    .join('\n');
}

export const scriptGenerator = new ScriptGenerator('TapwiseScript');
Object.assign(scriptGenerator.forBlock, javascriptGenerator.forBlock);

type Generate = (block: Blockly.Block, generator: JavascriptGenerator) => [string, Order] | string;
const forBlock = scriptGenerator.forBlock as Record<string, Generate>;

const variableName = (block: Blockly.Block) => block.getField('VAR')!.getText();
const value = (block: Blockly.Block, name: string, order: Order) =>
  scriptGenerator.valueToCode(block, name, order);
const quote = (text: string) => scriptGenerator.quote_(text);

/** A call's arguments, leaving out the optional ones no block is plugged into. */
function callArguments(args: string[]): string {
  return args.filter((arg) => arg !== '').join(', ');
}

function readCall(block: Blockly.Block): string {
  const read = READS[block.getFieldValue('LEVEL') as ReadLevel];
  const lookback = block.getFieldValue('LOOKBACK') as string;
  if (lookback === '') return `tw.${read}()`;
  const window =
    lookback === 'CUSTOM_HOUR'
      ? `{ range: 'CUSTOM_HOUR', hours: ${Number(block.getFieldValue('HOURS'))} }`
      : quote(lookback);
  return `tw.${read}({ lookback: ${window} })`;
}

function body(block: Blockly.Block): string {
  return scriptGenerator.statementToCode(block, 'DO');
}

forBlock['variables_get'] = (block) => [variableName(block), Order.ATOMIC];
forBlock['variables_set'] = (block) =>
  `${variableName(block)} = ${value(block, 'VALUE', Order.ASSIGNMENT) || 'null'};\n`;
forBlock['logic_compare'] = (block) => {
  const operator = {
    EQ: '===',
    NEQ: '!==',
    LT: '<',
    LTE: '<=',
    GT: '>',
    GTE: '>=',
  }[block.getFieldValue('OP') as string]!;
  const order =
    operator.startsWith('=') || operator.startsWith('!') ? Order.EQUALITY : Order.RELATIONAL;
  return [
    `${value(block, 'A', order) || 'null'} ${operator} ${value(block, 'B', order) || 'null'}`,
    order,
  ];
};
const arithmetic = javascriptGenerator.forBlock['math_arithmetic']!;
forBlock['math_arithmetic'] = (block, generator) => {
  if (block.getFieldValue('OP') !== 'POWER') return arithmetic(block, generator) as [string, Order];
  const base = value(block, 'A', Order.EXPONENTIATION) || '0';
  const exponent = value(block, 'B', Order.EXPONENTIATION) || '0';
  return [`${base} ** ${exponent}`, Order.EXPONENTIATION];
};

forBlock['tw_comment'] = (block) => `// ${block.getFieldValue('TEXT') as string}\n`;
forBlock['tw_code'] = (block) => `${verbatim(block.getFieldValue('CODE') as string)}\n`;
forBlock['tw_code_value'] = (block) => {
  const code = block.getFieldValue('CODE') as string;
  return [verbatim(code), codeOrder(code)];
};

/** How tightly verbatim code binds, so that it is parenthesised only where it has to be. */
function codeOrder(code: string): Order {
  let node;
  try {
    node = parseExpressionAt(code, 0, { ecmaVersion: 'latest' });
  } catch {
    // Code being typed need not parse yet; parentheses keep it apart from its neighbours.
    return Order.NONE;
  }
  if (node.end !== code.trimEnd().length) return Order.NONE;
  switch (node.type) {
    case 'Identifier':
    case 'Literal':
    case 'ArrayExpression':
    case 'TemplateLiteral':
    case 'ThisExpression':
      return Order.ATOMIC;
    case 'MemberExpression':
      return Order.MEMBER;
    case 'CallExpression':
      return Order.FUNCTION_CALL;
    default:
      return Order.NONE;
  }
}

forBlock['tw_for_each'] = (block) =>
  `for (const ${variableName(block)} of ${readCall(block)}) {\n${body(block)}}\n`;
forBlock['tw_for_of'] = (block) =>
  `for (const ${variableName(block)} of ${value(block, 'LIST', Order.NONE) || '[]'}) {\n${body(block)}}\n`;
forBlock['tw_read'] = (block) => [readCall(block), Order.FUNCTION_CALL];
forBlock['tw_declare'] = (block) => {
  const initial = value(block, 'VALUE', Order.ASSIGNMENT);
  const kind = block.getFieldValue('KIND') as string;
  return `${kind} ${variableName(block)}${initial ? ` = ${initial}` : kind === 'const' ? ' = null' : ''};\n`;
};

forBlock['tw_metric'] = (block) => [
  `${value(block, 'ENTITY', Order.MEMBER) || 'entity'}.metrics.${block.getFieldValue('METRIC') as string}`,
  Order.MEMBER,
];
forBlock['tw_entity_field'] = (block) => [
  `${value(block, 'ENTITY', Order.MEMBER) || 'entity'}.${block.getFieldValue('FIELD') as string}`,
  Order.MEMBER,
];
forBlock['tw_is_null'] = (block) => {
  const operator = block.getFieldValue('OP') === 'NULL' ? '===' : '!==';
  return [`${value(block, 'VALUE', Order.EQUALITY) || 'null'} ${operator} null`, Order.EQUALITY];
};
forBlock['tw_ad_group'] = (block) => [`{ ${adGroupProperties(block)} }`, Order.ATOMIC];
function adGroupProperties(block: Blockly.Block): string {
  const account = value(block, 'AD_ACCOUNT', Order.NONE) || '0';
  const adGroup = value(block, 'AD_GROUP', Order.NONE) || '0';
  return `adAccountId: ${account}, adGroupId: ${adGroup}`;
}

forBlock['tw_aggregate'] = (block) => [
  `tw.${block.getFieldValue('FN') as string}(${value(block, 'VALUES', Order.NONE) || '[]'})`,
  Order.FUNCTION_CALL,
];
forBlock['tw_percentile'] = (block) => [
  `tw.percentile(${value(block, 'VALUES', Order.NONE) || '[]'}, ${value(block, 'P', Order.NONE) || '50'})`,
  Order.FUNCTION_CALL,
];
// The name the list's items go by in the arrow function is kept in the block's data, so a script
// opened in blocks comes back with its own name.
forBlock['tw_each_value'] = (block) => {
  const item = block.data || 'entity';
  const list = value(block, 'LIST', Order.MEMBER) || '[]';
  return [
    `${list}.map((${item}) => ${item}.${block.getFieldValue('VALUE') as string})`,
    Order.FUNCTION_CALL,
  ];
};
forBlock['tw_change'] = (block) => [
  `tw.change(${value(block, 'CURRENT', Order.NONE) || 'null'}, ${value(block, 'PREVIOUS', Order.NONE) || 'null'})`,
  Order.FUNCTION_CALL,
];

const entity = (block: Blockly.Block) => value(block, 'ENTITY', Order.NONE) || 'entity';
const reason = (block: Blockly.Block) => value(block, 'REASON', Order.NONE);

for (const action of ['pause', 'resume']) {
  forBlock[`tw_${action}`] = (block) =>
    `tw.${action}(${callArguments([entity(block), reason(block)])});\n`;
}
for (const action of ['changeBid', 'changeBudget']) {
  forBlock[`tw_${action}`] = (block) => {
    const change = [`operation: ${quote(block.getFieldValue('OPERATION') as string)}`];
    const unit = block.getFieldValue('UNIT') as string;
    if (unit) change.push(`unit: ${quote(unit)}`);
    const amount = value(block, 'VALUE', Order.NONE);
    if (amount) change.push(`value: ${amount}`);
    for (const bound of ['MIN', 'MAX']) {
      const text = block.getFieldValue(bound) as string;
      if (text) change.push(`${bound.toLowerCase()}: ${quote(text)}`);
    }
    return `tw.${action}(${callArguments([entity(block), `{ ${change.join(', ')} }`, reason(block)])});\n`;
  };
}
forBlock['tw_addNegativeKeyword'] = (block) => {
  const settings = [`matchType: ${quote(block.getFieldValue('MATCH') as string)}`];
  const level = block.getFieldValue('LEVEL') as string;
  if (level) settings.push(`level: ${quote(level)}`);
  return `tw.addNegativeKeyword(${callArguments([entity(block), `{ ${settings.join(', ')} }`, reason(block)])});\n`;
};
forBlock['tw_promoteSearchTerm'] = (block) => {
  // An ad group block inlines its ids; any other value (a variable holding one) is spread.
  const target = block.getInputTargetBlock('TARGET');
  const settings = [
    target?.type === 'tw_ad_group'
      ? adGroupProperties(target)
      : `...${value(block, 'TARGET', Order.NONE) || '{}'}`,
    `matchType: ${quote(block.getFieldValue('MATCH') as string)}`,
  ];
  const bid = block.getFieldValue('BID') as string;
  if (bid) settings.push(`bid: ${quote(bid)}`);
  return `tw.promoteSearchTerm(${callArguments([entity(block), `{ ${settings.join(', ')} }`, reason(block)])});\n`;
};

/** A comma-separated field as an array of strings. */
function stringList(text: string): string {
  const items = text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  return `[${items.map(quote).join(', ')}]`;
}

forBlock['tw_notifyByEmail'] = (block) => {
  const recipients = [];
  const emails = block.getFieldValue('EMAILS') as string;
  const external = block.getFieldValue('EXTERNAL') as string;
  if (emails.trim()) recipients.push(`emails: ${stringList(emails)}`);
  if (external.trim()) recipients.push(`externalEmails: ${stringList(external)}`);
  const message = value(block, 'MESSAGE', Order.NONE) || "''";
  const to = recipients.length ? `{ ${recipients.join(', ')} }` : '{}';
  return `tw.notifyByEmail(${to}, ${message});\n`;
};
forBlock['tw_notifyBySlack'] = (block) => {
  const id = quote(block.getFieldValue('CHANNEL_ID') as string);
  const name = quote(block.getFieldValue('CHANNEL_NAME') as string);
  const message = value(block, 'MESSAGE', Order.NONE) || "''";
  return `tw.notifyBySlack([{ id: ${id}, name: ${name} }], ${message});\n`;
};
forBlock['tw_log'] = (block) => `tw.log(${value(block, 'VALUE', Order.NONE)});\n`;
