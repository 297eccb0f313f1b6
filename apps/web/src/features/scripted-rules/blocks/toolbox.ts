// The toolbox: the script API's blocks first, then Blockly's general-purpose ones. Variables are a
// dynamic category, so the blocks it offers name the variables the workspace has.
import * as Blockly from 'blockly/core';
import i18n from 'i18next';

const label = (key: string) => i18n.t(`scriptBlocks.categories.${key}`);
const block = (type: string, extra: Record<string, unknown> = {}) => ({
  kind: 'block',
  type,
  ...extra,
});
const number = (value: number) => ({ block: { type: 'math_number', fields: { NUM: value } } });
const text = (value: string) => ({ block: { type: 'text', fields: { TEXT: value } } });
const entity = { ENTITY: { block: { type: 'variables_get', fields: { VAR: { name: 'item' } } } } };

const VARIABLES_CATEGORY = 'TW_VARIABLES';

export function scriptToolbox(): Blockly.utils.toolbox.ToolboxInfo {
  return {
    kind: 'categoryToolbox',
    contents: [
      {
        kind: 'category',
        name: label('read'),
        categorystyle: 'tw_read_category',
        contents: [
          block('tw_for_each', { fields: { LEVEL: 'KEYWORD', LOOKBACK: 'LAST_7_DAYS' } }),
          block('tw_for_of'),
          block('tw_read', { fields: { LEVEL: 'KEYWORD', LOOKBACK: 'LAST_7_DAYS' } }),
        ],
      },
      {
        kind: 'category',
        name: label('entity'),
        categorystyle: 'tw_entity_category',
        contents: [
          block('tw_metric', { inputs: entity }),
          block('tw_entity_field', { inputs: entity }),
          block('tw_is_null'),
          block('tw_ad_group', { inputs: { AD_ACCOUNT: number(0), AD_GROUP: number(0) } }),
        ],
      },
      {
        kind: 'category',
        name: label('helpers'),
        categorystyle: 'tw_helper_category',
        contents: [
          block('tw_aggregate', {
            inputs: {
              VALUES: {
                block: {
                  type: 'tw_each_value',
                  fields: { VALUE: 'metrics.avgCpa' },
                  inputs: { LIST: { block: { type: 'tw_read', fields: { LEVEL: 'KEYWORD' } } } },
                },
              },
            },
          }),
          block('tw_each_value'),
          block('tw_percentile', { inputs: { P: number(90) } }),
          block('tw_change'),
          block('lists_create_with'),
        ],
      },
      {
        kind: 'category',
        name: label('actions'),
        categorystyle: 'tw_action_category',
        contents: [
          block('tw_pause', { inputs: entity }),
          block('tw_resume', { inputs: entity }),
          block('tw_changeBid', {
            inputs: { ...entity, VALUE: number(10) },
            fields: { UNIT: 'PERCENT' },
          }),
          block('tw_changeBudget', {
            inputs: { ...entity, VALUE: number(10) },
            fields: { UNIT: 'PERCENT' },
          }),
          block('tw_addNegativeKeyword', { inputs: entity, fields: { LEVEL: 'AD_GROUP' } }),
          block('tw_promoteSearchTerm', { inputs: entity }),
          block('tw_notifyByEmail', { inputs: { MESSAGE: text('') } }),
          block('tw_notifyBySlack', { inputs: { MESSAGE: text('') } }),
          block('tw_log', { inputs: { VALUE: text('') } }),
          block('tw_comment'),
          block('tw_code'),
        ],
      },
      {
        kind: 'category',
        name: label('logic'),
        categorystyle: 'logic_category',
        contents: [
          block('controls_if'),
          block('controls_if', { extraState: { hasElse: true } }),
          block('logic_compare'),
          block('logic_operation'),
          block('logic_negate'),
          block('logic_boolean'),
          block('logic_null'),
        ],
      },
      {
        kind: 'category',
        name: label('math'),
        categorystyle: 'math_category',
        contents: [block('math_number'), block('math_arithmetic'), block('math_single')],
      },
      {
        kind: 'category',
        name: label('variables'),
        categorystyle: 'variable_category',
        custom: VARIABLES_CATEGORY,
      },
      {
        kind: 'category',
        name: label('text'),
        categorystyle: 'text_category',
        contents: [block('text'), block('tw_code_value')],
      },
    ],
  };
}

const CREATE_VARIABLE = 'TW_CREATE_VARIABLE';

/** The Variables category: a button to name one, then a declaration, assignment and each read. */
export function registerVariablesCategory(workspace: Blockly.WorkspaceSvg): void {
  workspace.registerButtonCallback(CREATE_VARIABLE, (button) =>
    Blockly.Variables.createVariableButtonHandler(button.getTargetWorkspace()),
  );
  workspace.registerToolboxCategoryCallback(VARIABLES_CATEGORY, (target) => {
    const items: Blockly.utils.toolbox.FlyoutItemInfoArray = [
      { kind: 'button', text: Blockly.Msg['NEW_VARIABLE'] ?? '', callbackkey: CREATE_VARIABLE },
    ];
    const variables = target.getVariableMap().getAllVariables();
    const newest = variables.at(-1);
    if (!newest) return items;
    const field = (variable: Blockly.IVariableModel<Blockly.IVariableState>) => ({
      VAR: { name: variable.getName(), type: variable.getType() },
    });
    items.push(
      { kind: 'block', type: 'tw_declare', fields: field(newest) },
      { kind: 'block', type: 'variables_set', fields: field(newest) },
      ...variables.map((variable) => ({
        kind: 'block',
        type: 'variables_get',
        fields: field(variable),
      })),
    );
    return items;
  });
}
