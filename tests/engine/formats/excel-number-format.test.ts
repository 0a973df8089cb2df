import { describe, expect, it } from 'vitest';
import {
  firstFormatSection,
  formatCodes,
  formatSections,
  formatTokens,
} from '../../../src/engine/formats/excel-number-format';

const SECTION_CASES: { description: string; format: string; sections: string[] }[] = [
  { description: 'one section', format: '0.00', sections: ['0.00'] },
  {
    description: 'positive and negative sections',
    format: '"$"#,##0.00_);("$"#,##0.00)',
    sections: ['"$"#,##0.00_)', '("$"#,##0.00)'],
  },
  {
    description: 'a quoted ";" splits nothing',
    format: '0.00" days;"',
    sections: ['0.00" days;"'],
  },
  {
    description: 'an escaped ";" splits nothing',
    format: '0.00\\;0;0',
    sections: ['0.00\\;0', '0'],
  },
  { description: 'four sections', format: '0;-0;"zero";@', sections: ['0', '-0', '"zero"', '@'] },
];

describe('formatSections', () => {
  it.each(SECTION_CASES)('$description', ({ format, sections }) => {
    expect(formatSections(format)).toEqual(sections);
    expect(firstFormatSection(format)).toBe(sections[0]);
  });
});

describe('formatTokens', () => {
  it('reads quoted and escaped text, brackets, spacing and codes', () => {
    expect(formatTokens('[Red]"$"0\\)_)*-')).toEqual([
      { kind: 'bracket', content: 'Red' },
      { kind: 'quoted', text: '$' },
      { kind: 'code', char: '0' },
      { kind: 'escaped', text: ')' },
      { kind: 'spacing' },
      { kind: 'spacing' },
    ]);
  });

  it('refuses a quote or a bracket that is never closed', () => {
    expect(formatTokens('0.00"abc')).toBeNull();
    expect(formatTokens('[$€-407 0.00')).toBeNull();
  });

  it('keeps only the codes of a section', () => {
    expect(formatCodes(formatTokens('#,##0.00" days" [$€-407]_)') ?? [])).toBe('#,##0.00 ');
  });
});
