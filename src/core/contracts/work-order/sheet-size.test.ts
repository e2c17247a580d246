import { describe, expect, it } from 'vitest';
import { scoreAllowance, sheetSize } from './sheet-size';

const box = { lengthMm: 450, widthMm: 320, heightMm: 280 };

describe('sheet size from box style', () => {
  it('unfolds a 0201 slotted box: flaps + height across, panels + glue flap along', () => {
    // BC flute: 7 mm per score. Width 320 + 280 + 14; length 2 × 770 + 30 + 28.
    expect(sheetSize('0201', box, 'BC')).toMatchObject({ widthMm: 614, lengthMm: 1598, estimated: false });
  });

  it('uses half flaps for 0200 and full overlap for 0203', () => {
    expect(sheetSize('0200', box, 'C')).toMatchObject({ widthMm: 160 + 280 + 8, lengthMm: 1540 + 30 + 16 });
    expect(sheetSize('0203', box, 'C')).toMatchObject({ widthMm: 640 + 280 + 8 });
  });

  it('cuts inserts and plain board flat and telescope trays with walls on four sides', () => {
    expect(sheetSize('', { lengthMm: 1200, widthMm: 800, heightMm: 0 }, 'C')).toMatchObject({ widthMm: 800, lengthMm: 1200 });
    expect(sheetSize('0933', { lengthMm: 440, widthMm: 310, heightMm: 0 }, 'B')).toMatchObject({ widthMm: 310, lengthMm: 440 });
    expect(sheetSize('0320', { lengthMm: 350, widthMm: 250, heightMm: 120 }, 'B')).toMatchObject({ widthMm: 250 + 240 + 12, lengthMm: 350 + 240 + 12 });
  });

  it('estimates an unknown style as a 0201 and says so', () => {
    const size = sheetSize('0427', box, 'E');
    expect(size.estimated).toBe(true);
    expect(size.rule).toContain('请核对');
    expect(size).toMatchObject({ widthMm: 320 + 280 + 4 });
  });

  it('takes the product’s own allowance over the flute’s', () => {
    expect(scoreAllowance('BC')).toBe(7);
    expect(scoreAllowance('bc ', 2)).toBe(2);
    expect(scoreAllowance('ZZ')).toBe(4);
    expect(sheetSize('0201', box, 'BC', 0)).toMatchObject({ widthMm: 600, lengthMm: 1570 });
  });
});
