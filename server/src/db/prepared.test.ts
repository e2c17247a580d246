import { describe, expect, it } from 'vitest';
import { withValuesWritten } from './prepared';

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
