/**
 * PostgreSQL's ISO text of a timestamptz read without regular expressions: the pool reads one for
 * every `created_at` of a list page, and pg's own parser (postgres-date, three regular expressions
 * a value) took 3–4 % of the server's time for the order list. Only the form PostgreSQL writes with
 * DateStyle ISO is read here — `2026-05-31 22:54:48[.123456]+08[:30]`, a year of 100–9999 — to the
 * same instant as pg's parser; anything else (BC, infinity, a longer year, seconds in the offset)
 * is handed to `fallback`.
 */
export function timestamptzReader(fallback: (text: string) => unknown): (text: string) => unknown {
  return (text) => {
    const length = text.length;
    if (length < 22 || text[4] !== '-' || text[7] !== '-' || text[10] !== ' ' || text[13] !== ':' || text[16] !== ':') return fallback(text);
    const year = digits(text, 0, 4);
    const month = digits(text, 5, 2);
    const day = digits(text, 8, 2);
    const hour = digits(text, 11, 2);
    const minute = digits(text, 14, 2);
    const second = digits(text, 17, 2);
    let at = 19;
    let fraction = 0;
    if (text[at] === '.') {
      let end = at + 1;
      while (end < length && end <= at + 6 && isDigit(text.charCodeAt(end))) end++;
      if (end === at + 1) return fallback(text);
      // As pg's parser does: milliseconds from the fraction, the rest dropped by Date.UTC.
      fraction = 1000 * Number(text.slice(at, end));
      at = end;
    }
    const sign = text[at] === '+' ? 1 : text[at] === '-' ? -1 : 0;
    const offsetHours = digits(text, at + 1, 2);
    let offsetMinutes = 0;
    if (length === at + 6 && text[at + 3] === ':') offsetMinutes = digits(text, at + 4, 2);
    else if (length !== at + 3) return fallback(text);
    if (sign === 0 || year < 100 || (year | month | day | hour | minute | second | offsetHours | offsetMinutes) < 0) return fallback(text);
    const utc = Date.UTC(year, month - 1, day, hour, minute, second, fraction);
    return new Date(utc - sign * (offsetHours * 60 + offsetMinutes) * 60_000);
  };
}

const isDigit = (code: number) => code >= 48 && code <= 57;

/** The number written by `count` digits at `from`, or -1 when one of them is not a digit. */
function digits(text: string, from: number, count: number): number {
  let value = 0;
  for (let index = from; index < from + count; index++) {
    const code = text.charCodeAt(index);
    if (!isDigit(code)) return -1;
    value = value * 10 + code - 48;
  }
  return value;
}
