import type { PermissionNode } from '@core/contracts/account';

/** Grouping nodes of the permission tree carry this prefix; they are never authority codes. */
export const GROUP_PREFIX = 'GROUP:';

const isGroup = (code: string) => code.startsWith(GROUP_PREFIX);

function descendants(node: PermissionNode): string[] {
  return node.children.flatMap((child) => [child.code, ...descendants(child)]);
}

/** Codes of the nodes above each node (nearest last). */
function ancestorIndex(tree: readonly PermissionNode[]): Map<string, string[]> {
  const index = new Map<string, string[]>();
  const walk = (nodes: readonly PermissionNode[], above: string[]) => {
    for (const node of nodes) {
      index.set(node.code, above);
      walk(node.children, [...above, node.code]);
    }
  };
  walk(tree, []);
  return index;
}

function findNode(tree: readonly PermissionNode[], code: string): PermissionNode | undefined {
  for (const node of tree) {
    if (node.code === code) return node;
    const found = findNode(node.children, code);
    if (found) return found;
  }
  return undefined;
}

/**
 * Checking a node grants it, everything under it, and the menus above it (a button or page is
 * useless without its menu); unchecking takes it and everything under it away. Menus stay
 * grantable on their own, without their buttons.
 */
export function toggleAuthority(tree: readonly PermissionNode[], held: ReadonlySet<string>, code: string, checked: boolean): Set<string> {
  const next = new Set(held);
  const node = findNode(tree, code);
  if (!node) return next;
  const affected = [code, ...descendants(node)].filter((item) => !isGroup(item));
  if (checked) {
    affected.forEach((item) => next.add(item));
    (ancestorIndex(tree).get(code) ?? []).filter((item) => !isGroup(item)).forEach((item) => next.add(item));
  } else {
    affected.forEach((item) => next.delete(item));
  }
  return next;
}

/** How the tree shows a set of codes: codes are checked as held; group nodes by their contents. */
export function treeCheckState(tree: readonly PermissionNode[], held: ReadonlySet<string>): { checked: string[]; halfChecked: string[] } {
  const checked: string[] = [];
  const halfChecked: string[] = [];
  const visit = (node: PermissionNode): 'all' | 'some' | 'none' => {
    const states = node.children.map(visit);
    if (!isGroup(node.code)) {
      if (held.has(node.code)) checked.push(node.code);
      else if (states.some((state) => state !== 'none')) halfChecked.push(node.code);
      return held.has(node.code) ? 'all' : states.some((state) => state !== 'none') ? 'some' : 'none';
    }
    if (states.length > 0 && states.every((state) => state === 'all')) {
      checked.push(node.code);
      return 'all';
    }
    if (states.some((state) => state !== 'none')) {
      halfChecked.push(node.code);
      return 'some';
    }
    return 'none';
  };
  tree.forEach(visit);
  return { checked, halfChecked };
}

/** Codes a role saves: only real authority codes, sorted. */
export const authoritiesToSave = (held: ReadonlySet<string>): string[] => [...held].filter((code) => !isGroup(code)).sort();

/** Nodes whose name contains the keyword (with everything under them) and the nodes leading to them. */
export function filterPermissionTree(tree: readonly PermissionNode[], keyword: string): PermissionNode[] {
  const text = keyword.trim();
  if (!text) return [...tree];
  return tree.flatMap((node) => {
    if (node.name.includes(text)) return [node];
    const children = filterPermissionTree(node.children, text);
    return children.length > 0 ? [{ ...node, children }] : [];
  });
}

/** Every code of a tree (to expand all of a filtered tree). */
export const allCodes = (tree: readonly PermissionNode[]): string[] => tree.flatMap((node) => [node.code, ...allCodes(node.children)]);
