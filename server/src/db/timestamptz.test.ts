import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { timestamptzReader } from './timestamptz';

const pgParser = pg.types.getTypeParser(1184, 'text') as (text: string) => unknown;
const read = timestamptzReader(pgParser);
const fallbacks: string[] = [];
const watched = timestamptzReader((text) => {
  fallbacks.push(text);
  return pgParser(text);
});

/** The instant of a value either parser gives (a Date, or Infinity and the like), comparable with toEqual. */
const instant = (value: unknown) => (value instanceof Date ? value.getTime() : value);

describe('a timestamptz in PostgreSQL’s ISO text', () => {
  it('reads every form PostgreSQL writes to the instant pg’s own parser reads, without handing it on', () => {
    let seed = 7;
    const next = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % below;
    };
    const two = (n: number) => String(n).padStart(2, '0');
    const texts: string[] = ['2026-05-31 22:54:48+00', '2026-05-31 22:54:48.123456+08', '2026-01-01 00:00:00.5-03:30', '0100-01-01 00:00:00+00', '9999-12-31 23:59:59.999999+14'];
    for (let i = 0; i < 5000; i++) {
      const fraction = next(7) === 0 ? '' : `.${String(next(1_000_000)).padStart(6, '0').slice(0, 1 + next(6))}`;
      const offset = `${next(2) ? '+' : '-'}${two(next(15))}${next(3) === 0 ? `:${two(next(4) * 15)}` : ''}`;
      texts.push(`${String(100 + next(9900)).padStart(4, '0')}-${two(1 + next(12))}-${two(1 + next(28))} ${two(next(24))}:${two(next(60))}:${two(next(60))}${fraction}${offset}`);
    }
    fallbacks.length = 0;
    for (const text of texts) expect([text, instant(watched(text))]).toEqual([text, instant(pgParser(text))]);
    expect(fallbacks).toEqual([]);
  });

  it('hands anything else to pg’s parser, so it is read as before', () => {
    const others = [
      'infinity',
      '-infinity',
      '2026-05-31 22:54:48+00 BC',
      '0099-05-31 22:54:48+00',
      '12026-05-31 22:54:48+00',
      '2026-05-31 22:54:48+05:30:15',
      '2026-05-31 22:54:48.+00',
      '2026-05-31 22:54:48.1234567+00',
      '2026-05-31T22:54:48+00',
      '2026-05-31 22:54:48',
      '2026-05-31',
      '2026-0a-31 22:54:48+00',
    ];
    fallbacks.length = 0;
    for (const text of others) expect([text, instant(watched(text))]).toEqual([text, instant(pgParser(text))]);
    expect(fallbacks).toEqual(others);
    expect(read('2026-05-31 22:54:48.123456+08')).toEqual(new Date('2026-05-31T14:54:48.123Z'));
  });
});
