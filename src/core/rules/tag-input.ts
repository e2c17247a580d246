import { TAG_SEARCH_LIMIT } from '../constants';

export const TAG_MESSAGES = {
  limit: (limit: number) => `最多同时搜索${limit}项，超出的选项已移除`,
  duplicate: (value: string) => `已存在选项 ${value}, 请勿重复输入`,
  pasted: '粘贴成功',
} as const;

export interface TagResult {
  items: string[];
  /** Warning texts to show, in order. */
  warnings: string[];
  /** Success text to show (paste), if any. */
  success?: string;
}

function truncate(items: string[], limit: number, warnings: string[]): string[] {
  if (items.length <= limit) return items;
  warnings.push(TAG_MESSAGES.limit(limit));
  return items.slice(0, limit);
}

/** Adds typed values: blanks ignored, duplicates warned and skipped, the list capped at the limit (spec §5). */
export function addTags(existing: readonly string[], values: readonly string[], limit = TAG_SEARCH_LIMIT): TagResult {
  const items = [...existing];
  const warnings: string[] = [];
  for (const raw of values) {
    const value = raw.trim();
    if (value === '') continue;
    if (items.includes(value)) warnings.push(TAG_MESSAGES.duplicate(value));
    else items.push(value);
  }
  return { items: truncate(items, limit, warnings), warnings };
}

/** Splits pasted text on spaces and slashes (ASCII and full-width). */
export function splitPasted(text: string): string[] {
  return text
    .split(/[\s/／]+/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** Pasting splits into items (duplicates dropped quietly) and reports 粘贴成功. */
export function pasteTags(existing: readonly string[], text: string, limit = TAG_SEARCH_LIMIT): TagResult {
  const items = [...existing];
  for (const value of splitPasted(text)) if (!items.includes(value)) items.push(value);
  const warnings: string[] = [];
  return { items: truncate(items, limit, warnings), warnings, success: TAG_MESSAGES.pasted };
}

/** Removes one tag. */
export const removeTag = (existing: readonly string[], value: string): string[] => existing.filter((item) => item !== value);
