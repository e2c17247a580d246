import { describe, expect, it } from 'vitest';
import { homeTilesFor, registerHomeTiles, type HomeTile } from './home-tiles';

const tile = (key: string, authority: string, order: number): HomeTile => ({ key, title: key, authority, order, load: async () => ({ value: order, to: '/home' }) });

describe('home tile registry', () => {
  it('shows the tiles whose authority the user holds, in their order; a key registered again replaces its tile', () => {
    registerHomeTiles(tile('test-devices', 'MENU_DEVICE', 50), tile('test-orders', 'MENU_WORK_ORDER', 10), tile('test-quality', 'MENU_QA', 30));
    const held = new Set(['MENU_DEVICE', 'MENU_WORK_ORDER']);
    expect(homeTilesFor((code) => held.has(code)).map((entry) => entry.key)).toEqual(['test-orders', 'test-devices']);
    expect(homeTilesFor(() => false)).toEqual([]);
    registerHomeTiles(tile('test-orders', 'MENU_WORK_ORDER', 60));
    expect(homeTilesFor((code) => held.has(code)).map((entry) => [entry.key, entry.order])).toEqual([
      ['test-devices', 50],
      ['test-orders', 60],
    ]);
  });
});
