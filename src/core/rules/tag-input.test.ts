import { describe, expect, it } from 'vitest';
import { addTags, pasteTags, removeTag, splitPasted } from './tag-input';

const many = (n: number, prefix = 'T') => Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`);

describe('addTags', () => {
  it('adds trimmed values, ignoring blanks', () => {
    expect(addTags(['A'], [' B ', '  '])).toEqual({ items: ['A', 'B'], warnings: [] });
  });
  it('warns on a duplicate with the exact message and keeps one', () => {
    expect(addTags(['DD001'], ['DD001'])).toEqual({ items: ['DD001'], warnings: ['已存在选项 DD001, 请勿重复输入'] });
  });
  it('caps at 50 with the exact warning', () => {
    const result = addTags(many(49), ['X', 'Y']);
    expect(result.items).toHaveLength(50);
    expect(result.items.at(-1)).toBe('X');
    expect(result.warnings).toEqual(['最多同时搜索50项，超出的选项已移除']);
  });
  it('exactly 50 is fine', () => {
    expect(addTags(many(49), ['X']).warnings).toEqual([]);
  });
});

describe('paste', () => {
  it('splits on spaces and slashes (ASCII, full-width, tabs, newlines)', () => {
    expect(splitPasted(' A1 B2/C3／D4\tE5\nF6\u3000G7 // ')).toEqual(['A1', 'B2', 'C3', 'D4', 'E5', 'F6', 'G7']);
  });
  it('adds the pieces, drops duplicates and reports 粘贴成功', () => {
    expect(pasteTags(['A'], 'A B/C B')).toEqual({ items: ['A', 'B', 'C'], warnings: [], success: '粘贴成功' });
  });
  it('truncates at the limit with the warning', () => {
    const result = pasteTags([], many(60).join(' '));
    expect(result.items).toEqual(many(50));
    expect(result.warnings).toEqual(['最多同时搜索50项，超出的选项已移除']);
  });
});

it('removeTag', () => {
  expect(removeTag(['a', 'b'], 'a')).toEqual(['b']);
});
