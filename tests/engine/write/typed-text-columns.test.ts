import { read as readSheetJs, type CellObject } from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import {
  convertWritten,
  readWorkbook,
  writeWorkbook,
  writtenConversion,
  type Cell,
  type Sheet,
} from '../../../src/engine';
import { excelFormatOfPattern } from '../../../src/engine/formats/dates';
import { typeTextColumns } from '../../../src/engine/write/typed-text-columns';

/** A csv's sheet: one column of text values under `name`. */
function textColumn(name: string, values: string[]): Sheet {
  return { name: 'data', columns: [name], rows: values.map((value) => [value]) };
}

function typedValues(name: string, values: string[]): { cells: Cell[]; format: string | null } {
  const sheet = textColumn(name, values);
  typeTextColumns(sheet);
  return { cells: sheet.rows.map((row) => row[0]!), format: sheet.numberFormats?.[0] ?? null };
}

describe('typeTextColumns', () => {
  const typedCases: {
    description: string;
    name: string;
    values: string[];
    cells: Cell[];
    format: string;
  }[] = [
    {
      description: 'whole numbers',
      name: 'quantity',
      values: ['12', '-3', '40'],
      cells: [12, -3, 40],
      format: '0',
    },
    {
      description: 'years, as the numbers they are',
      name: 'year',
      values: ['2019', '2020', '2021'],
      cells: [2019, 2020, 2021],
      format: '0',
    },
    {
      description: 'decimals with their fraction digits',
      name: 'amount',
      values: ['10.50', '3.25', '-0.75'],
      cells: [10.5, 3.25, -0.75],
      format: '0.00',
    },
    {
      description: 'numbers grouped by thousands',
      name: 'revenue',
      values: ['1,234.50', '98,765.00', '12.00'],
      cells: [1234.5, 98765, 12],
      format: '#,##0.00',
    },
    {
      description: 'dates in their pattern',
      name: 'signup_date',
      values: ['2024-03-01', '2023-12-31'],
      cells: [new Date('2024-03-01T00:00:00Z'), new Date('2023-12-31T00:00:00Z')],
      format: 'yyyy-mm-dd',
    },
    {
      description: 'date-times with a 12-hour clock',
      name: 'last_login',
      values: ['1/13/2021 11:20:38 AM', '12/5/2024 2:53:58 PM'],
      cells: [new Date('2021-01-13T11:20:38Z'), new Date('2024-12-05T14:53:58Z')],
      format: 'm/d/yyyy h:mm:ss AM/PM',
    },
    {
      description: 'day-first dates',
      name: 'Geburtsdatum',
      values: ['24.12.1980', '01.02.1975'],
      cells: [new Date('1980-12-24T00:00:00Z'), new Date('1975-02-01T00:00:00Z')],
      format: 'dd.mm.yyyy',
    },
    {
      description: 'times of day, on serial day 0',
      name: 'opens_at',
      values: ['09:30', '17:45'],
      cells: [new Date('1899-12-30T09:30:00Z'), new Date('1899-12-30T17:45:00Z')],
      format: 'hh:mm',
    },
  ];

  it.each(typedCases)('types $description', ({ name, values, cells, format }) => {
    expect(typedValues(name, values)).toEqual({ cells, format });
  });

  const textCases: { description: string; name: string; values: string[] }[] = [
    { description: 'codes with leading zeros', name: 'code', values: ['00123', '04567', '12345'] },
    {
      description: 'numbers longer than a spreadsheet keeps',
      name: 'account_ref',
      values: ['1234567890123456', '2234567890123456'],
    },
    { description: 'decimal commas', name: 'Umsatz', values: ['1.234,50', '12,00', '3,75'] },
    { description: 'currency amounts', name: 'price', values: ['$12.50', '$3.00', '$7.25'] },
    { description: 'percentages', name: 'rate', values: ['12.5%', '3.0%', '7.5%'] },
    { description: 'zip codes', name: 'zip', values: ['90210', '10001', '60614'] },
    {
      description: 'date-times with a zone',
      name: 'created_at',
      values: ['2024-03-01T10:00:00Z', '2024-03-02T11:30:00Z'],
    },
    {
      description: 'a number column with a value written otherwise',
      name: 'amount',
      values: ['10.50', '3.25', '7.5', '1.00', '2.00'],
    },
    {
      description: 'dates before 1 March 1900',
      name: 'born',
      values: ['1899-05-01', '1950-01-01'],
    },
    { description: 'names', name: 'first_name', values: ['Ann', 'Bob', 'Chloé'] },
  ];

  it.each(textCases)('keeps $description as text', ({ name, values }) => {
    expect(typedValues(name, values)).toEqual({ cells: values, format: null });
  });

  it('keeps blanks and missing-value markers of a typed column as they are', () => {
    expect(typedValues('amount', ['10.50', '', 'NA', '3.25']).cells).toEqual([
      10.5,
      '',
      'NA',
      3.25,
    ]);
  });

  it('types each column on its own', () => {
    const sheet: Sheet = {
      name: 'data',
      columns: ['name', 'amount'],
      rows: [
        ['Ann', '1.50'],
        ['Bob', '2.25'],
      ],
    };
    typeTextColumns(sheet);
    expect(sheet.rows).toEqual([
      ['Ann', 1.5],
      ['Bob', 2.25],
    ]);
    expect(sheet.numberFormats).toEqual([null, '0.00']);
  });

  it('leaves a sheet with nothing to type as it is', () => {
    const sheet = textColumn('name', ['Ann', 'Bob']);
    typeTextColumns(sheet);
    expect(sheet).toEqual(textColumn('name', ['Ann', 'Bob']));
  });
});

describe('excelFormatOfPattern', () => {
  it.each([
    ['YYYY-MM-DD', 'yyyy-mm-dd'],
    ['M/D/YYYY h:mm:ss A', 'm/d/yyyy h:mm:ss AM/PM'],
    ['DD.MM.YYYY HH:mm', 'dd.mm.yyyy hh:mm'],
    ['MMM D, YYYY', 'mmm d, yyyy'],
    ['YYYY-MM-DDTHH:mm:ss', 'yyyy-mm-dd"T"hh:mm:ss'],
    ['HH:mm:ss.SSS', 'hh:mm:ss.000'],
  ])('shows %s as %s', (pattern, format) => {
    expect(excelFormatOfPattern(pattern)).toBe(format);
  });

  it.each(['YYYY-MM-DDTHH:mm:ssZ', 'h:mm a', 'X', 'ISO 8601'])(
    'has no format for %s',
    (pattern) => {
      expect(excelFormatOfPattern(pattern)).toBeNull();
    },
  );
});

describe('a csv converted to a spreadsheet', () => {
  const csv = [
    'id,zip,amount,signup_date,last_login,active,note',
    '1,02134,"1,234.50",2024-03-01,1/13/2021 11:20:38 AM,true,Ticket #12',
    '2,90210,12.00,2023-12-31,12/5/2024 2:53:58 PM,false,',
    '3,60614,NA,2022-06-15,3/1/2020 9:05:00 AM,true,call back',
    '',
  ].join('\r\n');
  const bytes = new TextEncoder().encode(csv);

  it.each(['xlsx', 'xls'] as const)('holds numbers and dates as such in %s', (format) => {
    const converted = convertWritten(bytes, {
      fileName: 'people.csv',
      ...writtenConversion('csv', format, true)!,
    });
    const sheet = readSheetJs(converted, { cellNF: true }).Sheets['people']!;
    const cell = (address: string): Pick<CellObject, 't' | 'v' | 'z'> => {
      const { t, v, z } = sheet[address] as CellObject;
      return { t, v, z };
    };
    expect(cell('A2')).toEqual({ t: 'n', v: 1, z: '0' });
    expect(cell('B2')).toMatchObject({ t: 's', v: '02134' });
    expect(cell('C2')).toEqual({ t: 'n', v: 1234.5, z: '#,##0.00' });
    expect(cell('C4')).toMatchObject({ t: 's', v: 'NA' });
    expect(cell('D2')).toMatchObject({ t: 'n', v: 45352, z: 'yyyy-mm-dd' });
    expect(cell('E2')).toMatchObject({ t: 'n', z: 'm/d/yyyy h:mm:ss AM/PM' });
    expect(cell('F2')).toMatchObject({ t: 's', v: 'true' });
  });

  it.each(['xlsx', 'xls'] as const)('reads back from %s as the csv wrote it', (format) => {
    const converted = convertWritten(bytes, {
      fileName: 'people.csv',
      ...writtenConversion('csv', format, true)!,
    });
    const back = writeWorkbook(readWorkbook(converted, `people.${format}`), 'csv');
    expect(new TextDecoder().decode(back)).toBe(csv);
  });
});
