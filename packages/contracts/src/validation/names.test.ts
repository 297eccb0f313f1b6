import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  adGroupNameSchema,
  adNameSchema,
  campaignNameSchema,
  companyNameSchema,
  firstNameSchema,
  genericTextSchema,
  jobTitleSchema,
  keywordTextSchema,
  lastNameSchema,
  strategyDescriptionSchema,
} from './names';
import { issueMessages } from './testing';

// Letters from several scripts, digits and the allowed punctuation; all precomposed so NFC does
// not merge neighbours and the generated length is the counted length.
const NAME_UNITS = [
  'a',
  'Z',
  'é',
  'ß',
  'ж',
  'Ω',
  '中',
  'ש',
  'ع',
  '한',
  '𠮷',
  '7',
  '٣',
  '-',
  "'",
  '’',
  '.',
  '_',
  '&',
];
const PERSON_UNITS = ['a', 'Z', 'é', 'ß', 'ж', 'Ω', '中', 'ש', 'ع', '한', '𠮷', '-', "'", '’', '.'];
const ALPHANUMERIC_UNITS = ['a', 'Z', 'é', 'ж', '中', 'ع', '𠮷', '0', '9'];
const SPECIAL_CHARACTERS = [
  '!',
  '@',
  '#',
  '$',
  '%',
  '^',
  '*',
  '(',
  ')',
  '+',
  '=',
  '/',
  '\\',
  '|',
  '<',
  '>',
  '?',
  ',',
  ';',
  ':',
  '"',
  '~',
  '`',
  '{',
  '}',
  '[',
  ']',
  '😀',
  '©',
  '€',
];

/** A valid text of exactly `length` code points: units from `units`, some single inner spaces. */
function textOfLength(units: readonly string[], length: number) {
  return fc
    .tuple(
      fc.array(fc.constantFrom(...units), { minLength: length, maxLength: length }),
      fc.array(fc.boolean(), { minLength: length, maxLength: length }),
    )
    .map(([chars, spaces]) => {
      const out: string[] = [];
      chars.forEach((char, index) => {
        const inner = index > 0 && index < length - 1;
        out.push(inner && spaces[index] && out[index - 1] !== ' ' ? ' ' : char);
      });
      return out.join('');
    });
}

function textWithLengthIn(units: readonly string[], min: number, max: number) {
  return fc.integer({ min, max }).chain((length) => textOfLength(units, length));
}

const entityNameSchemas = [
  ['campaign name', campaignNameSchema],
  ['ad group name', adGroupNameSchema],
  ['ad name', adNameSchema],
] as const;

describe.each(entityNameSchemas)('%s', (_label, schema) => {
  it('accepts names of 1 to 199 characters in any script', () => {
    fc.assert(
      fc.property(textWithLengthIn(NAME_UNITS, 1, 199), (name) => {
        expect(issueMessages(schema, name)).toEqual([]);
      }),
    );
  });

  it('refuses names of 200 characters or more because they must be under 200', () => {
    fc.assert(
      fc.property(textWithLengthIn(NAME_UNITS, 200, 260), (name) => {
        expect(issueMessages(schema, name)).toEqual(['validation.nameTooLong']);
      }),
    );
  });

  it('accepts exactly 199 characters and refuses exactly 200', () => {
    expect(issueMessages(schema, 'a'.repeat(199))).toEqual([]);
    expect(issueMessages(schema, 'a'.repeat(200))).toEqual(['validation.nameTooLong']);
  });

  it('refuses a name with any special character inserted', () => {
    fc.assert(
      fc.property(
        textWithLengthIn(NAME_UNITS, 1, 150),
        fc.constantFrom(...SPECIAL_CHARACTERS),
        fc.nat(),
        (name, special, at) => {
          const characters = [...name];
          characters.splice(at % (characters.length + 1), 0, special);
          const withSpecial = characters.join('');
          expect(issueMessages(schema, withSpecial)).toEqual(['validation.specialCharacters']);
        },
      ),
    );
  });

  it('refuses runs of spaces and whitespace other than a single space between words', () => {
    fc.assert(
      fc.property(
        textWithLengthIn(NAME_UNITS, 1, 60),
        textWithLengthIn(NAME_UNITS, 1, 60),
        fc.constantFrom('  ', '   ', '\t', '\n', ' \t', '\u00a0'),
        (left, right, gap) => {
          expect(issueMessages(schema, `${left}${gap}${right}`)).toEqual([
            'validation.singleWhitespace',
          ]);
        },
      ),
    );
  });

  it('refuses spaces at the start or the end', () => {
    fc.assert(
      fc.property(textWithLengthIn(NAME_UNITS, 1, 60), (name) => {
        expect(issueMessages(schema, ` ${name}`)).toEqual(['validation.edgeWhitespace']);
        expect(issueMessages(schema, `${name} `)).toEqual(['validation.edgeWhitespace']);
      }),
    );
  });

  it('reports a missing, empty or blank name as required', () => {
    for (const input of [undefined, null, '', ' ', '   ']) {
      expect(issueMessages(schema, input)).toEqual(['validation.required']);
    }
  });
});

describe('name rule details', () => {
  it('accepts the punctuation names carry and letters of other scripts', () => {
    for (const name of [
      'Brand - US & CA',
      'Q3_Discovery.v2',
      "Children's Games",
      'Kinder’s Spiele',
      '中文广告系列',
      'हिन्दी अभियान',
      'Ünïcödé Çampaign',
    ]) {
      expect(issueMessages(campaignNameSchema, name)).toEqual([]);
    }
  });

  it('counts characters, not UTF-16 units, so 199 astral letters fit under 200', () => {
    expect(issueMessages(campaignNameSchema, '𠮷'.repeat(199))).toEqual([]);
    expect(issueMessages(campaignNameSchema, '𠮷'.repeat(200))).toEqual(['validation.nameTooLong']);
  });

  it('counts an accent typed as a combining mark as one character with its letter', () => {
    const decomposed = 'e\u0301'.repeat(199);
    expect(issueMessages(campaignNameSchema, decomposed)).toEqual([]);
  });
});

describe('keyword text', () => {
  it('accepts keywords of 1 to 80 characters', () => {
    fc.assert(
      fc.property(textWithLengthIn(NAME_UNITS, 1, 80), (keyword) => {
        expect(issueMessages(keywordTextSchema, keyword)).toEqual([]);
      }),
    );
  });

  it('refuses keywords of 81 characters or more', () => {
    fc.assert(
      fc.property(textWithLengthIn(NAME_UNITS, 81, 120), (keyword) => {
        expect(issueMessages(keywordTextSchema, keyword)).toEqual(['validation.keywordTooLong']);
      }),
    );
  });

  it('refuses special characters and double spaces like every name', () => {
    expect(issueMessages(keywordTextSchema, 'photo editor!')).toEqual([
      'validation.specialCharacters',
    ]);
    expect(issueMessages(keywordTextSchema, 'photo  editor')).toEqual([
      'validation.singleWhitespace',
    ]);
  });
});

describe('first name', () => {
  it('accepts 1 to 12 characters and refuses 13 or more', () => {
    fc.assert(
      fc.property(textWithLengthIn(PERSON_UNITS, 1, 12), (name) => {
        expect(issueMessages(firstNameSchema, name)).toEqual([]);
      }),
    );
    fc.assert(
      fc.property(textWithLengthIn(PERSON_UNITS, 13, 40), (name) => {
        expect(issueMessages(firstNameSchema, name)).toEqual(['validation.personNameTooLong']);
      }),
    );
  });

  it('accepts exactly 12 characters and refuses exactly 13', () => {
    expect(issueMessages(firstNameSchema, 'Maximilianna')).toEqual([]);
    expect(issueMessages(firstNameSchema, 'Maximiliannaa')).toEqual([
      'validation.personNameTooLong',
    ]);
  });

  it('is required', () => {
    expect(issueMessages(firstNameSchema, '')).toEqual(['validation.required']);
    expect(issueMessages(firstNameSchema, undefined)).toEqual(['validation.required']);
  });

  it('refuses digits, underscores and ampersands, which no person name holds', () => {
    for (const name of ['Anna2', 'Anna_B', 'A&B']) {
      expect(issueMessages(firstNameSchema, name)).toEqual(['validation.specialCharacters']);
    }
  });

  it("accepts names like O'Brien, Jean-Luc, Zoë and 김민준", () => {
    for (const name of ["O'Brien", 'Jean-Luc', 'Zoë', '김민준', 'J. R.']) {
      expect(issueMessages(firstNameSchema, name)).toEqual([]);
    }
  });
});

describe('last name', () => {
  it('may be left empty or out', () => {
    expect(issueMessages(lastNameSchema, '')).toEqual([]);
    expect(issueMessages(lastNameSchema, undefined)).toEqual([]);
  });

  it('accepts exactly 12 characters and refuses exactly 13 when given', () => {
    expect(issueMessages(lastNameSchema, 'Schwarzenegg')).toEqual([]);
    expect(issueMessages(lastNameSchema, 'Schwarzenegge')).toEqual([
      'validation.personNameTooLong',
    ]);
  });

  it('refuses special characters and double spaces when given', () => {
    expect(issueMessages(lastNameSchema, 'Smith!')).toEqual(['validation.specialCharacters']);
    expect(issueMessages(lastNameSchema, 'van  Dijk')).toEqual(['validation.singleWhitespace']);
  });
});

describe.each([
  ['generic text', genericTextSchema],
  ['company name', companyNameSchema],
  ['job title', jobTitleSchema],
] as const)('%s', (_label, schema) => {
  it('accepts 2 to 50 characters', () => {
    fc.assert(
      fc.property(textWithLengthIn(NAME_UNITS, 2, 50), (text) => {
        expect(issueMessages(schema, text)).toEqual([]);
      }),
    );
  });

  it('refuses 1 character and 51 or more', () => {
    expect(issueMessages(schema, 'a')).toEqual(['validation.textLength']);
    fc.assert(
      fc.property(textWithLengthIn(NAME_UNITS, 51, 90), (text) => {
        expect(issueMessages(schema, text)).toEqual(['validation.textLength']);
      }),
    );
  });

  it('is required', () => {
    expect(issueMessages(schema, '')).toEqual(['validation.required']);
  });
});

describe('strategy description', () => {
  it('accepts letters, digits and single spaces up to 250 characters', () => {
    fc.assert(
      fc.property(textWithLengthIn(ALPHANUMERIC_UNITS, 1, 250), (description) => {
        expect(issueMessages(strategyDescriptionSchema, description)).toEqual([]);
      }),
    );
  });

  it('refuses 251 characters or more', () => {
    expect(issueMessages(strategyDescriptionSchema, 'a'.repeat(250))).toEqual([]);
    expect(issueMessages(strategyDescriptionSchema, 'a'.repeat(251))).toEqual([
      'validation.strategyDescriptionTooLong',
    ]);
  });

  it('refuses any punctuation, the name punctuation included', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SPECIAL_CHARACTERS, '-', "'", '.', '_', '&'),
        (punctuation) => {
          expect(issueMessages(strategyDescriptionSchema, `Grow installs${punctuation}`)).toEqual([
            'validation.alphanumericOnly',
          ]);
        },
      ),
    );
  });

  it('is required', () => {
    expect(issueMessages(strategyDescriptionSchema, '')).toEqual(['validation.required']);
  });
});
