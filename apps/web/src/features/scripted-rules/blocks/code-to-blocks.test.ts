import { RULE_TEMPLATE_IDS, scriptTemplate } from '@tapwise/contracts';
import { parse } from 'acorn';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../shared/i18n/i18n';
import { blocksToCode, codeToBlocks, type BlockJson } from './code-to-blocks';

/** A program's AST without positions or raw spellings: the same program whatever its layout. */
function program(source: string): unknown {
  return JSON.parse(
    JSON.stringify(parse(source, { ecmaVersion: 'latest' }), (key, value: unknown) =>
      key === 'start' || key === 'end' || key === 'raw' ? undefined : value,
    ),
  );
}

function chain(first: BlockJson | undefined): BlockJson[] {
  const blocks: BlockJson[] = [];
  for (let block = first; block; block = block.next?.block) blocks.push(block);
  return blocks;
}

describe('codeToBlocks', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it.each(RULE_TEMPLATE_IDS)(
    'opens the %s template exactly and generates the same program',
    (id) => {
      const { source } = scriptTemplate(id, { adAccountId: 7, adGroupId: 42 });
      const { blocks, exact } = codeToBlocks(source);
      expect(exact).toBe(true);
      const code = blocksToCode(blocks);
      expect(program(code)).toEqual(program(source));
      // Generating again from the generated code is stable.
      expect(blocksToCode(codeToBlocks(code).blocks)).toBe(code);
    },
  );

  it('keeps the template comments as comment blocks', () => {
    const { source } = scriptTemplate('PROMOTE_SEARCH_TERMS', { adAccountId: 7, adGroupId: 42 });
    const [first, second] = chain(codeToBlocks(source).blocks.blocks!.blocks[0]);
    expect(first).toMatchObject({
      type: 'tw_comment',
      fields: { TEXT: expect.stringContaining('Promote search terms') },
    });
    expect(second).toMatchObject({
      type: 'tw_comment',
      fields: {
        TEXT: 'exact negatives where they came from. Set the ad group that receives them.',
      },
    });
    expect(blocksToCode(codeToBlocks(source).blocks)).toContain(
      '// exact negatives where they came from.',
    );
  });

  it('keeps a statement it has no block for verbatim in a code block', () => {
    const source = `for (const keyword of tw.keywords()) {
  // a whole-line comment inside a body
  while (keyword.metrics.spend > 1) {
    tw.log(\`spend \${keyword.metrics.spend}\`);
  }
  tw.pause(keyword, 'Too expensive');
}
`;
    const { blocks, exact } = codeToBlocks(source);
    expect(exact).toBe(false);
    const [loop] = chain(blocks.blocks!.blocks[0]);
    const body = chain(loop!.inputs!.DO!.block);
    expect(body.map((block) => block.type)).toEqual(['tw_comment', 'tw_code', 'tw_pause']);
    const code = blocksToCode(blocks);
    expect(code).toContain(
      'while (keyword.metrics.spend > 1) {\n    tw.log(`spend ${keyword.metrics.spend}`);\n  }',
    );
    expect(program(code)).toEqual(program(source));
  });

  it('keeps an expression it has no block for as a code value inside the blocks', () => {
    const source = `const spend = tw.sum(tw.keywords().map((k) => k.metrics.spend));\nif (spend % 2 === 0 && !tw.dryRun) {\n  tw.log(spend);\n}\n`;
    const { blocks, exact } = codeToBlocks(source);
    expect(exact).toBe(false);
    expect(chain(blocks.blocks!.blocks[0]).map((block) => block.type)).toEqual([
      'tw_declare',
      'controls_if',
    ]);
    expect(program(blocksToCode(blocks))).toEqual(program(source));
  });

  it('opens a script that does not parse as one code block and gives it back unchanged', () => {
    const source = 'for (const k of tw.keywords() {\n';
    const { blocks, exact } = codeToBlocks(source);
    expect(exact).toBe(false);
    expect(blocksToCode(blocks)).toBe(source);
  });

  it('covers every action, helper, read and null check with blocks', () => {
    const source = `const TARGET = { adAccountId: 1, adGroupId: 2 };
let best = null;
for (const campaign of tw.campaigns({ lookback: 'LAST_30_DAYS' })) {
  const median = tw.median([campaign.metrics.cpi, campaign.metrics.avgCpa]);
  const high = tw.percentile(tw.campaigns().map((c) => c.metrics.spend), 90);
  const bids = tw.average(tw.keywords({ lookback: 'LAST_1_DAY' }).map((k) => k.bid));
  best = tw.change(campaign.metrics.spend, 2 ** 3 - -1);
  if (campaign.status === 'PAUSED') {
    tw.resume(campaign);
  } else if (median === null || !(campaign.name !== 'x')) {
    tw.pause(campaign, 'No installs');
  } else {
    tw.changeBudget(campaign, { operation: 'SET_TO', value: high, min: '10', max: '100' });
    tw.changeBid(campaign, { operation: 'SET_TO_AVERAGE_CPA' });
  }
}
for (const term of tw.searchTerms({ lookback: 'LAST_1_HOUR' })) {
  tw.addNegativeKeyword(term, { matchType: 'BROAD' }, 'Irrelevant');
  tw.promoteSearchTerm(term, { adAccountId: 1, adGroupId: 2, matchType: 'EXACT', bid: '1.20' });
  tw.promoteSearchTerm(term, { ...TARGET, matchType: 'BROAD' }, 'Converts');
}
tw.notifyByEmail({ emails: ['a@example.com', 'b@example.com'], externalEmails: ['c@example.com'] }, 'Done');
tw.notifyBySlack([{ id: 'C1', name: 'ads' }], 'Done');
tw.log(best);
`;
    const { blocks, exact } = codeToBlocks(source);
    expect(exact).toBe(true);
    const types = new Set(JSON.stringify(blocks).match(/"type":"\w+"/g));
    for (const type of [
      'tw_ad_group',
      'tw_declare',
      'variables_set',
      'tw_for_each',
      'tw_aggregate',
      'tw_percentile',
      'tw_change',
      'tw_read',
      'tw_each_value',
      'tw_is_null',
      'tw_entity_field',
      'tw_resume',
      'tw_pause',
      'tw_changeBudget',
      'tw_changeBid',
      'tw_addNegativeKeyword',
      'tw_promoteSearchTerm',
      'tw_notifyByEmail',
      'tw_notifyBySlack',
      'tw_log',
    ]) {
      expect(types).toContain(`"type":"${type}"`);
    }
    const code = blocksToCode(blocks);
    expect(program(code)).toEqual(program(source));
    expect(code).toContain(
      "tw.promoteSearchTerm(term, { adAccountId: 1, adGroupId: 2, matchType: 'EXACT', bid: '1.20' });",
    );
  });

  it.each([
    [
      'a read with more options than a lookback',
      "for (const k of tw.keywords({ lookback: 'LAST_7_DAYS', goalId: 'g' })) {\n  tw.pause(k);\n}\n",
    ],
    [
      'a date range',
      "for (const k of tw.keywords({ lookback: { range: 'DATE_RANGE', start: '2026-01-01', end: '2026-01-31' } })) {\n  tw.log(k.name);\n}\n",
    ],
    [
      'hours the field cannot hold',
      "for (const k of tw.keywords({ lookback: { range: 'CUSTOM_HOUR', hours: 99999 } })) {\n  tw.log(k.name);\n}\n",
    ],
    [
      'functions, classes and try',
      'function twice(x) {\n  return x * 2;\n}\nclass A {}\ntry {\n  tw.log(twice(2));\n} catch (error) {\n  console.error(error);\n}\n',
    ],
    [
      'loose equality, var and a one-line if',
      'var n = 1;\nif (n == 1) tw.log(n);\nif (n != 2) {\n  n = n % 3;\n}\n',
    ],
    ['names that differ only in case', 'const a = 1;\nconst A = 2;\ntw.log(a + A);\n'],
    [
      'strings with quotes and line breaks',
      "const s = 'it\\'s \"q\"\\n\\\\';\ntw.log(s + `t ${s}`);\n",
    ],
    [
      'a comment inside an expression',
      'tw.log(/* inline */ 1);\nconst x = 1; // trailing\n/* block */\n',
    ],
    [
      'a nested multi-line template',
      "for (const k of tw.keywords()) {\n  tw.log(`a\n  b`);\n  tw.notifyBySlack([{ id: k.name, name: 'n' }], 'm');\n}\n",
    ],
    [
      'an else chain with code in it',
      "const x = tw.now;\nif (x > 1) {\n  tw.log('a');\n} else if (x) {\n  debugger;\n} else {\n  tw.log(x ?? 0);\n}\n",
    ],
    ['an empty script', ''],
  ])('gives back %s as the same program', (_name, source) => {
    const { blocks } = codeToBlocks(source);
    const code = blocksToCode(blocks);
    expect(program(code)).toEqual(program(source));
    expect(blocksToCode(codeToBlocks(code).blocks)).toBe(code);
  });
});
