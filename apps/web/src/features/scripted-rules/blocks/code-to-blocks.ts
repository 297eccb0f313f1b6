// Script source to blocks and back. Every script opens in blocks: what the blocks cannot say is
// kept verbatim in a code block (`exact` is then false), so switching editors never loses code.
import { parse, type Comment } from 'acorn';
import type * as ESTree from 'estree';
import { CUSTOM_LOOKBACK_MAX_HOURS } from '@tapwise/contracts';
import * as Blockly from 'blockly/core';
import {
  AMOUNT_OPERATIONS,
  ENTITY_FIELDS,
  LOOKBACKS,
  MATCH_TYPES,
  READS,
  SCRIPT_METRICS,
  literalLines,
  registerScriptBlocks,
  scriptGenerator,
  type ReadLevel,
} from './script-blocks';

export interface BlockJson {
  type: string;
  x?: number;
  y?: number;
  fields?: Record<string, unknown>;
  inputs?: Record<string, { block: BlockJson }>;
  next?: { block: BlockJson };
  extraState?: Record<string, unknown>;
  /** Text a block keeps beside its fields (the item name of a `map`). */
  data?: string;
}

export interface WorkspaceJson {
  blocks?: { languageVersion: number; blocks: BlockJson[] };
  variables?: { name: string; id: string }[];
  [key: string]: unknown;
}

type Positioned<T> = T & { start: number; end: number };
type AnyNode = Positioned<ESTree.Node>;
type Expression = Positioned<ESTree.Expression>;
type Statement = Positioned<ESTree.Statement | ESTree.ModuleDeclaration | ESTree.Directive>;

/** Output types of the blocks built here, and the checks of the inputs they go into. */
const OUTPUT: Record<string, string> = {
  math_number: 'Number',
  math_arithmetic: 'Number',
  math_single: 'Number',
  text: 'String',
  logic_boolean: 'Boolean',
  logic_compare: 'Boolean',
  logic_operation: 'Boolean',
  logic_negate: 'Boolean',
  tw_is_null: 'Boolean',
  lists_create_with: 'Array',
  tw_read: 'Array',
  tw_each_value: 'Array',
};

const ARITHMETIC: Record<string, string> = {
  '+': 'ADD',
  '-': 'MINUS',
  '*': 'MULTIPLY',
  '/': 'DIVIDE',
  '**': 'POWER',
};
const COMPARISON: Record<string, string> = {
  '===': 'EQ',
  '!==': 'NEQ',
  '<': 'LT',
  '<=': 'LTE',
  '>': 'GT',
  '>=': 'GTE',
};
const LEVEL_OF_READ = Object.fromEntries(
  Object.entries(READS).map(([level, read]) => [read, level]),
) as Record<string, ReadLevel>;

export function codeToBlocks(source: string): { blocks: WorkspaceJson; exact: boolean } {
  const comments: Comment[] = [];
  let program: Positioned<ESTree.Program>;
  try {
    program = parse(source, {
      ecmaVersion: 'latest',
      sourceType: 'script',
      allowReturnOutsideFunction: true,
      allowAwaitOutsideFunction: true,
      onComment: comments,
    }) as unknown as Positioned<ESTree.Program>;
  } catch {
    // A script that does not parse (yet) is one code block, so it still opens and saves unchanged.
    const blocks = source.trim()
      ? [{ type: 'tw_code', fields: { CODE: source.replace(/\n$/, '') } }]
      : [];
    return { blocks: workspace(blocks, []), exact: blocks.length === 0 };
  }
  const converter = new Converter(source, comments, declaredNames(program));
  const chain = converter.statements(program.body as Statement[], 0, source.length);
  return { blocks: workspace(chain ? [chain] : [], converter.variables()), exact: converter.exact };
}

/**
 * What the editor opens: the saved blocks while they still generate the script (the script was
 * last edited in blocks), otherwise the script converted afresh (it was edited as code since).
 */
export function openWorkspace(
  source: string,
  saved: WorkspaceJson | null,
): { blocks: WorkspaceJson; exact: boolean } {
  if (saved && savedBlocksCode(saved) === source) {
    return { blocks: saved, exact: !usesCodeBlocks(saved) };
  }
  return codeToBlocks(source);
}

function savedBlocksCode(saved: WorkspaceJson): string | null {
  try {
    return blocksToCode(saved);
  } catch (error) {
    // Blocks saved by another version of the editor may no longer load; the script still opens.
    console.warn('The saved blocks do not load; the script opens converted afresh', error);
    return null;
  }
}

/** Whether some of the script is held verbatim by code blocks. */
export function usesCodeBlocks(json: WorkspaceJson): boolean {
  return /"type":"tw_code(_value)?"/.test(JSON.stringify(json));
}

/** The script the blocks generate. */
export function blocksToCode(json: WorkspaceJson): string {
  registerScriptBlocks();
  const headless = new Blockly.Workspace();
  Blockly.Events.disable();
  try {
    Blockly.serialization.workspaces.load(json, headless);
    return workspaceToScript(headless);
  } finally {
    Blockly.Events.enable();
    headless.dispose();
  }
}

/**
 * Blockly's workspaceToCode without its last clean-up, which trims spaces at line ends even
 * inside a template literal of verbatim code.
 */
export function workspaceToScript(workspace: Blockly.Workspace): string {
  scriptGenerator.init(workspace);
  const parts: string[] = [];
  for (const block of workspace.getTopBlocks(true)) {
    const generated = scriptGenerator.blockToCode(block);
    const code = Array.isArray(generated)
      ? scriptGenerator.scrubNakedValue(generated[0])
      : generated;
    if (code) parts.push(code);
  }
  const script = scriptGenerator.finish(parts.join('\n')).replace(/\s+$/, '');
  return script ? `${script}\n` : '';
}

function workspace(blocks: BlockJson[], variables: { name: string; id: string }[]): WorkspaceJson {
  const [first] = blocks;
  if (first) Object.assign(first, { x: 24, y: 24 });
  return { blocks: { languageVersion: 0, blocks }, variables };
}

/**
 * Names the script declares: only these become variable blocks (not `Math` or `undefined`).
 * Blockly tells variables apart without case, so names that differ only in case stay code.
 */
function declaredNames(program: AnyNode): Set<string> {
  const names = new Set<string>();
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(visit);
    const typed = node as { type?: string; id?: { type: string; name: string } };
    if (typed.type === 'VariableDeclarator' && typed.id?.type === 'Identifier') {
      names.add(typed.id.name);
    }
    for (const value of Object.values(node)) if (value && typeof value === 'object') visit(value);
  };
  visit(program);
  const byCase = new Map<string, number>();
  for (const name of names)
    byCase.set(name.toLowerCase(), (byCase.get(name.toLowerCase()) ?? 0) + 1);
  return new Set([...names].filter((name) => byCase.get(name.toLowerCase()) === 1));
}

class Converter {
  exact = true;
  private readonly variableIds = new Map<string, string>();
  private readonly used = new Set<Comment>();

  constructor(
    private readonly source: string,
    private readonly comments: Comment[],
    private readonly declared: Set<string>,
  ) {}

  variables() {
    return [...this.variableIds].map(([name, id]) => ({ name, id }));
  }

  /** A list of statements, with the whole-line comments between them, as one chain of blocks. */
  statements(list: Statement[], start: number, end: number): BlockJson | undefined {
    const items: { at: number; block: BlockJson }[] = [];
    for (const statement of list)
      items.push({ at: statement.start, block: this.statement(statement) });
    for (const comment of this.comments) {
      if (comment.start < start || comment.end > end || this.used.has(comment)) continue;
      if (
        list.some((statement) => comment.start >= statement.start && comment.end <= statement.end)
      )
        continue;
      this.used.add(comment);
      items.push({ at: comment.start, block: this.comment(comment) });
    }
    items.sort((a, b) => a.at - b.at);
    let chain: BlockJson | undefined;
    for (const { block } of items.reverse()) {
      if (chain) block.next = { block: chain };
      chain = block;
    }
    return chain;
  }

  private comment(comment: Comment): BlockJson {
    if (comment.type === 'Line')
      return { type: 'tw_comment', fields: { TEXT: comment.value.replace(/^ /, '') } };
    return this.code(comment);
  }

  /** Verbatim source, its continuation lines relative to its first (the generator re-indents). */
  private code(node: { start: number; end: number }): BlockJson {
    this.exact = false;
    return { type: 'tw_code', fields: { CODE: this.text(node) } };
  }

  /**
   * The node's source with its continuation lines made relative to the indentation of the line it
   * starts on (the generator indents them again), except lines inside a string or template.
   */
  private text(node: { start: number; end: number }): string {
    const lineStart = this.source.lastIndexOf('\n', node.start - 1) + 1;
    const indent = /^[ \t]*/.exec(this.source.slice(lineStart, node.start))![0];
    const text = this.source.slice(node.start, node.end);
    if (!indent) return text;
    const literal = literalLines(text);
    return text
      .split('\n')
      .map((line, index) =>
        index > 0 && !literal.has(index) && line.startsWith(indent)
          ? line.slice(indent.length)
          : line,
      )
      .join('\n');
  }

  private codeValue(node: { start: number; end: number }): BlockJson {
    this.exact = false;
    return { type: 'tw_code_value', fields: { CODE: this.text(node) } };
  }

  /** Comments inside a statement but outside its bodies would be lost by blocks. */
  private hasInnerComments(statement: Statement, bodies: AnyNode[]): boolean {
    return this.comments.some(
      (comment) =>
        comment.start > statement.start &&
        comment.end < statement.end &&
        !bodies.some((body) => comment.start > body.start && comment.end < body.end),
    );
  }

  private statement(statement: Statement): BlockJson {
    const bodies = this.bodies(statement);
    if (!bodies || this.hasInnerComments(statement, bodies)) return this.code(statement);
    const block = this.structured(statement);
    return block ?? this.code(statement);
  }

  /** The block bodies a statement's blocks hold, or null when a body is not a `{ }` block. */
  private bodies(statement: Statement): AnyNode[] | null {
    if (statement.type === 'ForOfStatement') {
      return statement.body.type === 'BlockStatement' ? [statement.body as AnyNode] : null;
    }
    if (statement.type !== 'IfStatement') return [];
    const bodies: AnyNode[] = [];
    let current: ESTree.Statement | null | undefined = statement;
    while (current?.type === 'IfStatement') {
      if (current.consequent.type !== 'BlockStatement') return null;
      bodies.push(current.consequent as AnyNode);
      current = current.alternate;
    }
    if (current && current.type !== 'BlockStatement') return null;
    if (current) bodies.push(current as AnyNode);
    return bodies;
  }

  private body(block: ESTree.BlockStatement): BlockJson | undefined {
    const node = block as Positioned<ESTree.BlockStatement>;
    return this.statements(node.body as Statement[], node.start + 1, node.end - 1);
  }

  private structured(statement: Statement): BlockJson | null {
    switch (statement.type) {
      case 'ExpressionStatement':
        return this.expressionStatement(statement.expression as Expression);
      case 'VariableDeclaration': {
        const [declarator] = statement.declarations;
        if (statement.declarations.length !== 1 || declarator!.id.type !== 'Identifier')
          return null;
        if (statement.kind === 'var' || !this.declared.has(declarator!.id.name)) return null;
        const block: BlockJson = {
          type: 'tw_declare',
          fields: { KIND: statement.kind, VAR: this.variable(declarator!.id.name) },
        };
        if (declarator!.init) block.inputs = { VALUE: this.input(declarator!.init as Expression) };
        else if (statement.kind === 'const') return null;
        return block;
      }
      case 'ForOfStatement':
        return this.forOf(statement);
      case 'IfStatement':
        return this.ifChain(statement);
      default:
        return null;
    }
  }

  private forOf(statement: ESTree.ForOfStatement): BlockJson | null {
    const left = statement.left;
    if (statement.await || left.type !== 'VariableDeclaration' || left.kind !== 'const')
      return null;
    const [declarator] = left.declarations;
    if (left.declarations.length !== 1 || declarator!.id.type !== 'Identifier') return null;
    if (declarator!.init || !this.declared.has(declarator!.id.name)) return null;
    const variable = this.variable(declarator!.id.name);
    const body = this.body(statement.body as ESTree.BlockStatement);
    const read = this.readFields(statement.right as Expression);
    const block: BlockJson = read
      ? { type: 'tw_for_each', fields: { VAR: variable, ...read } }
      : {
          type: 'tw_for_of',
          fields: { VAR: variable },
          inputs: { LIST: this.input(statement.right as Expression) },
        };
    if (body) block.inputs = { ...block.inputs, DO: { block: body } };
    return block;
  }

  private ifChain(statement: ESTree.IfStatement): BlockJson {
    const inputs: Record<string, { block: BlockJson }> = {};
    let current: ESTree.Statement | null | undefined = statement;
    let index = 0;
    while (current?.type === 'IfStatement') {
      inputs[`IF${index}`] = this.input(current.test as Expression, 'Boolean');
      const body = this.body(current.consequent as ESTree.BlockStatement);
      if (body) inputs[`DO${index}`] = { block: body };
      current = current.alternate;
      index += 1;
    }
    const hasElse = Boolean(current);
    if (current) {
      const body = this.body(current as ESTree.BlockStatement);
      if (body) inputs.ELSE = { block: body };
    }
    const block: BlockJson = { type: 'controls_if', inputs };
    if (index > 1 || hasElse) block.extraState = { elseIfCount: index - 1, hasElse };
    return block;
  }

  private expressionStatement(expression: Expression): BlockJson | null {
    if (expression.type === 'AssignmentExpression') {
      if (expression.operator !== '=' || expression.left.type !== 'Identifier') return null;
      if (!this.declared.has(expression.left.name)) return null;
      return {
        type: 'variables_set',
        fields: { VAR: this.variable(expression.left.name) },
        inputs: { VALUE: this.input(expression.right as Expression) },
      };
    }
    const call = twCall(expression);
    if (!call) return null;
    const [first, second, third] = call.args;
    switch (call.name) {
      case 'pause':
      case 'resume':
        if (!first || call.args.length > 2) return null;
        return this.action(`tw_${call.name}`, {}, first, second);
      case 'changeBid':
      case 'changeBudget': {
        const change = objectProperties(second, ['operation', 'unit', 'value', 'min', 'max']);
        if (!first || !change || call.args.length > 3) return null;
        const operation = stringValue(change.operation);
        const unit = change.unit ? stringValue(change.unit) : '';
        const min = change.min ? stringValue(change.min) : '';
        const max = change.max ? stringValue(change.max) : '';
        if (!isOneOf(operation, AMOUNT_OPERATIONS) || unit === null || min === null || max === null)
          return null;
        if (unit && unit !== 'AMOUNT' && unit !== 'PERCENT') return null;
        const block = this.action(
          `tw_${call.name}`,
          { OPERATION: operation, UNIT: unit, MIN: min, MAX: max },
          first,
          third,
        );
        if (change.value) block.inputs!.VALUE = this.input(change.value);
        return block;
      }
      case 'addNegativeKeyword': {
        const settings = objectProperties(second, ['matchType', 'level']);
        if (!first || !settings || call.args.length > 3) return null;
        const match = stringValue(settings.matchType);
        const level = settings.level ? stringValue(settings.level) : '';
        if (
          !isOneOf(match, MATCH_TYPES) ||
          (level !== '' && level !== 'AD_GROUP' && level !== 'CAMPAIGN')
        )
          return null;
        return this.action('tw_addNegativeKeyword', { MATCH: match, LEVEL: level }, first, third);
      }
      case 'promoteSearchTerm':
        return this.promote(call.args, first);
      case 'notifyByEmail': {
        const recipients = objectProperties(first, ['emails', 'externalEmails']);
        const emails = recipients?.emails ? stringList(recipients.emails) : '';
        const external = recipients?.externalEmails ? stringList(recipients.externalEmails) : '';
        if (
          !recipients ||
          emails === null ||
          external === null ||
          !second ||
          call.args.length !== 2
        )
          return null;
        return {
          type: 'tw_notifyByEmail',
          fields: { EMAILS: emails, EXTERNAL: external },
          inputs: { MESSAGE: this.input(second) },
        };
      }
      case 'notifyBySlack': {
        if (
          first?.type !== 'ArrayExpression' ||
          first.elements.length !== 1 ||
          call.args.length !== 2
        )
          return null;
        const channel = objectProperties(first.elements[0] as Expression, ['id', 'name']);
        const id = channel?.id ? stringValue(channel.id) : null;
        const name = channel?.name ? stringValue(channel.name) : null;
        if (id === null || name === null || !second) return null;
        return {
          type: 'tw_notifyBySlack',
          fields: { CHANNEL_ID: id, CHANNEL_NAME: name },
          inputs: { MESSAGE: this.input(second) },
        };
      }
      case 'log':
        if (call.args.length !== 1) return null;
        return { type: 'tw_log', inputs: { VALUE: this.input(first!) } };
      default:
        return null;
    }
  }

  /** The target is an ad group's ids written out, or spread from a value (a constant). */
  private promote(args: Expression[], entity: Expression | undefined): BlockJson | null {
    const [, settings, reason] = args;
    if (!entity || settings?.type !== 'ObjectExpression' || args.length > 3) return null;
    const part = (from: number, to: number | undefined, keys: string[]) =>
      objectProperties(
        { ...settings, properties: settings.properties.slice(from, to) } as Expression,
        keys,
      );
    const [head] = settings.properties;
    const spread = head?.type === 'SpreadElement' ? (head.argument as Expression) : null;
    const ids = spread ? null : part(0, 2, ['adAccountId', 'adGroupId']);
    if (!spread && (!ids?.adAccountId || !ids.adGroupId)) return null;
    const options = part(spread ? 1 : 2, undefined, ['matchType', 'bid']);
    const match = options?.matchType ? stringValue(options.matchType) : null;
    const bid = options?.bid ? stringValue(options.bid) : '';
    if (!isOneOf(match, MATCH_TYPES) || bid === null) return null;
    const block = this.action('tw_promoteSearchTerm', { MATCH: match, BID: bid }, entity, reason);
    block.inputs!.TARGET = spread
      ? this.input(spread)
      : { block: this.adGroup(ids!.adAccountId!, ids!.adGroupId!) };
    return block;
  }

  private adGroup(account: Expression, adGroup: Expression): BlockJson {
    return {
      type: 'tw_ad_group',
      inputs: {
        AD_ACCOUNT: this.input(account, 'Number'),
        AD_GROUP: this.input(adGroup, 'Number'),
      },
    };
  }

  private action(
    type: string,
    fields: Record<string, unknown>,
    entity: Expression,
    reason?: Expression,
  ): BlockJson {
    const inputs: Record<string, { block: BlockJson }> = { ENTITY: this.input(entity) };
    if (reason) inputs.REASON = this.input(reason);
    return { type, fields, inputs };
  }

  private variable(name: string): { id: string } {
    let id = this.variableIds.get(name);
    if (!id) {
      id = `var-${this.variableIds.size + 1}`;
      this.variableIds.set(name, id);
    }
    return { id };
  }

  /** The fields of a read's blocks, or null when its options say more than a lookback. */
  private readFields(expression: Expression): Record<string, unknown> | null {
    const call = twCall(expression);
    const level = call && LEVEL_OF_READ[call.name];
    if (!call || !level || call.args.length > 1) return null;
    if (call.args.length === 0) return { LEVEL: level, LOOKBACK: '' };
    const options = objectProperties(call.args[0], ['lookback']);
    if (!options?.lookback) return null;
    const lookback = options.lookback;
    const named = stringValue(lookback);
    if (named !== null)
      return isOneOf(named, LOOKBACKS) && named !== 'CUSTOM_HOUR' && named !== ''
        ? { LEVEL: level, LOOKBACK: named }
        : null;
    const custom = objectProperties(lookback, ['range', 'hours']);
    const hours = custom?.hours;
    if (
      !custom ||
      stringValue(custom.range) !== 'CUSTOM_HOUR' ||
      hours?.type !== 'Literal' ||
      typeof hours.value !== 'number'
    )
      return null;
    // The hours field holds whole hours the API accepts; any other number stays code, unchanged.
    const valid = Number.isInteger(hours.value) && hours.value >= 1;
    if (!valid || hours.value > CUSTOM_LOOKBACK_MAX_HOURS) return null;
    return { LEVEL: level, LOOKBACK: 'CUSTOM_HOUR', HOURS: hours.value };
  }

  /** An expression as the block of an input; a check the block does not meet keeps it as code. */
  private input(expression: Expression, check?: string): { block: BlockJson } {
    const block = this.expression(expression);
    const output = OUTPUT[block.type];
    if (check && output && output !== check) return { block: this.codeValue(expression) };
    return { block };
  }

  private expression(expression: Expression): BlockJson {
    return this.structuredExpression(expression) ?? this.codeValue(expression);
  }

  private structuredExpression(expression: Expression): BlockJson | null {
    switch (expression.type) {
      case 'Literal':
        if (expression.value === null && !('regex' in expression)) return { type: 'logic_null' };
        if (typeof expression.value === 'number')
          return { type: 'math_number', fields: { NUM: expression.value } };
        if (typeof expression.value === 'string')
          return { type: 'text', fields: { TEXT: expression.value } };
        if (typeof expression.value === 'boolean') {
          return { type: 'logic_boolean', fields: { BOOL: expression.value ? 'TRUE' : 'FALSE' } };
        }
        return null;
      case 'Identifier':
        return this.declared.has(expression.name)
          ? { type: 'variables_get', fields: { VAR: this.variable(expression.name) } }
          : null;
      case 'MemberExpression':
        return this.member(expression);
      case 'BinaryExpression': {
        const left = expression.left as Expression;
        const right = expression.right as Expression;
        if ((expression.operator === '===' || expression.operator === '!==') && isNull(right)) {
          return {
            type: 'tw_is_null',
            fields: { OP: expression.operator === '===' ? 'NULL' : 'NOT_NULL' },
            inputs: { VALUE: this.input(left) },
          };
        }
        const comparison = COMPARISON[expression.operator];
        if (comparison) {
          return {
            type: 'logic_compare',
            fields: { OP: comparison },
            inputs: { A: this.input(left), B: this.input(right) },
          };
        }
        const arithmetic = ARITHMETIC[expression.operator];
        if (!arithmetic) return null;
        return {
          type: 'math_arithmetic',
          fields: { OP: arithmetic },
          inputs: { A: this.input(left, 'Number'), B: this.input(right, 'Number') },
        };
      }
      case 'LogicalExpression':
        if (expression.operator === '??') return null;
        return {
          type: 'logic_operation',
          fields: { OP: expression.operator === '&&' ? 'AND' : 'OR' },
          inputs: {
            A: this.input(expression.left as Expression, 'Boolean'),
            B: this.input(expression.right as Expression, 'Boolean'),
          },
        };
      case 'UnaryExpression': {
        const argument = expression.argument as Expression;
        if (expression.operator === '!')
          return { type: 'logic_negate', inputs: { BOOL: this.input(argument, 'Boolean') } };
        if (expression.operator !== '-') return null;
        if (argument.type === 'Literal' && typeof argument.value === 'number') {
          return { type: 'math_number', fields: { NUM: -argument.value } };
        }
        return {
          type: 'math_single',
          fields: { OP: 'NEG' },
          inputs: { NUM: this.input(argument, 'Number') },
        };
      }
      case 'CallExpression':
        return this.helper(expression);
      case 'ArrayExpression': {
        if (expression.elements.some((element) => !element || element.type === 'SpreadElement'))
          return null;
        const inputs = Object.fromEntries(
          expression.elements.map((element, index) => [
            `ADD${index}`,
            this.input(element as Expression),
          ]),
        );
        return {
          type: 'lists_create_with',
          extraState: { itemCount: expression.elements.length },
          inputs,
        };
      }
      case 'ObjectExpression': {
        const ids = objectProperties(expression, ['adAccountId', 'adGroupId']);
        if (!ids?.adAccountId || !ids.adGroupId) return null;
        return this.adGroup(ids.adAccountId, ids.adGroupId);
      }
      default:
        return null;
    }
  }

  private eachValue(expression: ESTree.CallExpression): BlockJson | null {
    const parts = eachValueParts(expression);
    if (!parts) return null;
    return {
      type: 'tw_each_value',
      data: parts.item,
      fields: { VALUE: parts.value },
      inputs: { LIST: this.input(parts.list) },
    };
  }

  private member(expression: ESTree.MemberExpression): BlockJson | null {
    if (expression.computed || expression.property.type !== 'Identifier') return null;
    const property = expression.property.name;
    const object = expression.object as Expression;
    if (
      object.type === 'MemberExpression' &&
      !object.computed &&
      object.property.type === 'Identifier' &&
      object.property.name === 'metrics' &&
      SCRIPT_METRICS.includes(property)
    ) {
      return {
        type: 'tw_metric',
        fields: { METRIC: property },
        inputs: { ENTITY: this.input(object.object as Expression) },
      };
    }
    if (!isOneOf(property, ENTITY_FIELDS) || (object.type === 'Identifier' && object.name === 'tw'))
      return null;
    return {
      type: 'tw_entity_field',
      fields: { FIELD: property },
      inputs: { ENTITY: this.input(object) },
    };
  }

  private helper(expression: ESTree.CallExpression): BlockJson | null {
    const call = twCall(expression as Expression);
    if (!call) return this.eachValue(expression);
    const [first, second] = call.args;
    switch (call.name) {
      case 'sum':
      case 'average':
      case 'median':
        if (call.args.length !== 1) return null;
        return {
          type: 'tw_aggregate',
          fields: { FN: call.name },
          inputs: { VALUES: this.input(first!) },
        };
      case 'percentile':
        if (call.args.length !== 2) return null;
        return {
          type: 'tw_percentile',
          inputs: { VALUES: this.input(first!), P: this.input(second!) },
        };
      case 'change':
        if (call.args.length !== 2) return null;
        return {
          type: 'tw_change',
          inputs: { CURRENT: this.input(first!), PREVIOUS: this.input(second!) },
        };
      default: {
        const read = this.readFields(expression as Expression);
        return read ? { type: 'tw_read', fields: read } : null;
      }
    }
  }
}

/** `list.map((item) => item.metrics.spend)` (or an entity field), else null. */
function eachValueParts(
  expression: ESTree.CallExpression,
): { list: Expression; item: string; value: string } | null {
  if (expression.type !== 'CallExpression' || expression.optional) return null;
  const { callee, arguments: args } = expression;
  if (callee.type !== 'MemberExpression' || callee.computed) return null;
  if (callee.property.type !== 'Identifier' || callee.property.name !== 'map') return null;
  const [arrow] = args;
  if (args.length !== 1 || arrow?.type !== 'ArrowFunctionExpression' || arrow.async) return null;
  const [param] = arrow.params;
  if (arrow.params.length !== 1 || param?.type !== 'Identifier') return null;
  const path: string[] = [];
  let node = arrow.body as ESTree.Node;
  while (
    node.type === 'MemberExpression' &&
    !node.computed &&
    node.property.type === 'Identifier'
  ) {
    path.unshift(node.property.name);
    node = node.object;
  }
  if (node.type !== 'Identifier' || node.name !== param.name) return null;
  const [first, second] = path;
  const isMetric = path.length === 2 && first === 'metrics' && SCRIPT_METRICS.includes(second!);
  const isField = path.length === 1 && isOneOf(first ?? null, ENTITY_FIELDS);
  if (!isMetric && !isField) return null;
  return { list: callee.object as Expression, item: param.name, value: path.join('.') };
}

/** `tw.name(args)` without spreads, or null. */
function twCall(expression: Expression): { name: string; args: Expression[] } | null {
  if (expression.type !== 'CallExpression' || expression.optional) return null;
  const callee = expression.callee;
  if (callee.type !== 'MemberExpression' || callee.computed || callee.optional) return null;
  if (
    callee.object.type !== 'Identifier' ||
    callee.object.name !== 'tw' ||
    callee.property.type !== 'Identifier'
  )
    return null;
  if (expression.arguments.some((argument) => argument.type === 'SpreadElement')) return null;
  return { name: callee.property.name, args: expression.arguments as Expression[] };
}

/**
 * The values of an object literal whose plain keys are among `keys`, in that order (the order the
 * generator writes them, so the program comes back the same); null otherwise.
 */
function objectProperties(
  expression: Expression | undefined,
  keys: string[],
): Record<string, Expression | undefined> | null {
  if (expression?.type !== 'ObjectExpression') return null;
  const values: Record<string, Expression | undefined> = {};
  let last = -1;
  for (const property of expression.properties) {
    if (
      property.type !== 'Property' ||
      property.computed ||
      property.shorthand ||
      property.kind !== 'init'
    )
      return null;
    if (property.method || property.key.type !== 'Identifier') return null;
    const index = keys.indexOf(property.key.name);
    if (index <= last) return null;
    last = index;
    values[property.key.name] = property.value as Expression;
  }
  return values;
}

function stringValue(expression: Expression | undefined): string | null {
  return expression?.type === 'Literal' && typeof expression.value === 'string'
    ? expression.value
    : null;
}

/** A literal array of strings without commas, as the comma-separated text of a field. */
function stringList(expression: Expression): string | null {
  if (expression.type !== 'ArrayExpression' || expression.elements.length === 0) return null;
  const items = expression.elements.map((element) => stringValue(element as Expression));
  if (items.some((item) => item === null || item.includes(',') || item.trim() !== item || !item))
    return null;
  return items.join(', ');
}

function isNull(expression: Expression): boolean {
  return expression.type === 'Literal' && expression.value === null && !('regex' in expression);
}

function isOneOf<T extends string>(value: string | null, values: readonly T[]): value is T {
  return value !== null && (values as readonly string[]).includes(value);
}
