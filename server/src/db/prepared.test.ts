import { describe, expect, it } from 'vitest';
import { rowReader, withValuesWritten } from './prepared';

describe('a page text with its values written in', () => {
  it('writes each placeholder as the literal PostgreSQL reads as that value sent untyped', () => {
    expect(withValuesWritten('select 1 from t where a = $1 and b in ($2, $3) limit $4 offset $5', ['x', 7, true, 20, 0])).toBe(
      "select 1 from t where a = 'x' and b in ('7', 'true') limit '20' offset '0'",
    );
    expect(withValuesWritten('select $1::date, $2', [null, undefined])).toBe('select null::date, null');
    // Two digits are one placeholder, not $1 followed by 0.
    expect(withValuesWritten('select $10, $1', ['j', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'ten'])).toBe("select 'ten', 'j'");
  });

  it('doubles quotes in a value, so a value never ends its literal', () => {
    expect(withValuesWritten('select * from t where name like $1', ["%O'Brien' or '1'='1%"])).toBe(
      "select * from t where name like '%O''Brien'' or ''1''=''1%'",
    );
  });

  it('leaves quoted text and quoted names as they are', () => {
    expect(withValuesWritten(`select to_char(d, 'YYYY-$1') as "a$1", $1 from t`, ['v'])).toBe(`select to_char(d, 'YYYY-$1') as "a$1", 'v' from t`);
  });

  it('writes nothing it cannot write safely', () => {
    expect(withValuesWritten('select $1', ['a\\b'])).toBeNull();
    expect(withValuesWritten('select $1', ['a\0b'])).toBeNull();
    expect(withValuesWritten('select $1', [new Date()])).toBeNull();
    expect(withValuesWritten('select $1', [[1, 2]])).toBeNull();
    expect(withValuesWritten('select $1', [{ a: 1 }])).toBeNull();
    expect(withValuesWritten('select $2', ['only one'])).toBeNull();
    expect(withValuesWritten('select $tag$x$tag$', [])).toBeNull();
    expect(withValuesWritten("select E'\\n', $1", ['x'])).toBeNull();
    expect(withValuesWritten("select 'unclosed, $1", ['x'])).toBeNull();
  });
});

describe('a row read back from its JSON array', () => {
  const date = (text: string) => new Date(`${text}Z`);

  it('names each column as pg does, parsing the columns given a parser unless null', () => {
    const read = rowReader(['id', 'name', 'at', 'note'], [null, null, date, null]);
    expect(read([7, '华南食品', '2026-05-31T22:54:48', null])).toEqual({ id: 7, name: '华南食品', at: new Date('2026-05-31T22:54:48Z'), note: null });
    expect(read([8, 'x', null, 'y'])).toEqual({ id: 8, name: 'x', at: null, note: 'y' });
    expect(Object.keys(read([1, 2, null, 4]))).toEqual(['id', 'name', 'at', 'note']);
  });

  it('takes any column name as a name, never as code', () => {
    const names = ['a"b', "c'd", 'e\\nf', '}); throw 1; ({', '\u2028', '名称', 'constructor', '0'];
    const row = rowReader(names, names.map(() => null))(names.map((_, index) => index));
    expect(Object.entries(row).sort()).toEqual(names.map((name, index) => [name, index]).sort());
  });

  it('keeps the last value of a name given twice, and reads __proto__ as a column', () => {
    expect(rowReader(['a', 'b', 'a'], [null, null, null])([1, 2, 3])).toEqual({ a: 3, b: 2 });
    const row = rowReader(['__proto__', 'x'], [null, date])([{ polluted: true }, '2026-01-01T00:00:00']);
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(row, '__proto__')?.value).toEqual({ polluted: true });
    expect(row.x).toEqual(new Date('2026-01-01T00:00:00Z'));
  });
});
