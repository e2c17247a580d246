import { describe, expect, it } from 'vitest';
import type { PermissionNode } from '@core/contracts/account';
import { allCodes, authoritiesToSave, filterPermissionTree, toggleAuthority, treeCheckState } from './permission-check';

const node = (code: string, kind: PermissionNode['kind'], children: PermissionNode[] = []): PermissionNode => ({ code, name: code, kind, children });
const TREE: PermissionNode[] = [
  node('MENU_A', 'menu', [node('MENU_A_1', 'menu'), node('MENU_A_2', 'menu', [node('8621', 'menu')])]),
  node('GROUP:ACTIONS', 'group', [node('GROUP:员工', 'group', [node('ACTION_X_ADD', 'action'), node('ACTION_X_EDIT', 'action')])]),
];

describe('permission tree checks', () => {
  it('checking a page grants its menu above and what is under it', () => {
    const held = toggleAuthority(TREE, new Set(), 'MENU_A_2', true);
    expect([...held].sort()).toEqual(['8621', 'MENU_A', 'MENU_A_2']);
  });

  it('checking a group grants every code in it but stores no group node', () => {
    const held = toggleAuthority(TREE, new Set(), 'GROUP:ACTIONS', true);
    expect(authoritiesToSave(held)).toEqual(['ACTION_X_ADD', 'ACTION_X_EDIT']);
  });

  it('unchecking a menu removes everything under it and keeps its siblings', () => {
    const all = toggleAuthority(TREE, new Set(), 'MENU_A', true);
    const held = toggleAuthority(TREE, all, 'MENU_A_2', false);
    expect([...held].sort()).toEqual(['MENU_A', 'MENU_A_1']);
  });

  it('shows a held menu without its buttons as checked, and groups by their contents', () => {
    const state = treeCheckState(TREE, new Set(['MENU_A', 'ACTION_X_ADD']));
    expect(state.checked.sort()).toEqual(['ACTION_X_ADD', 'MENU_A']);
    expect(state.halfChecked.sort()).toEqual(['GROUP:ACTIONS', 'GROUP:员工']);
    const full = treeCheckState(TREE, new Set(['ACTION_X_ADD', 'ACTION_X_EDIT']));
    expect(full.checked.sort()).toEqual(['ACTION_X_ADD', 'ACTION_X_EDIT', 'GROUP:ACTIONS', 'GROUP:员工']);
  });
});

describe('permission tree search', () => {
  it('keeps matching nodes whole and the path to them', () => {
    const found = filterPermissionTree(TREE, 'MENU_A_2');
    expect(found).toHaveLength(1);
    expect(found[0]!.children.map((child) => child.code)).toEqual(['MENU_A_2']);
    expect(found[0]!.children[0]!.children.map((child) => child.code)).toEqual(['8621']);
    expect(allCodes(found)).toEqual(['MENU_A', 'MENU_A_2', '8621']);
    expect(filterPermissionTree(TREE, '  ')).toHaveLength(2);
    expect(filterPermissionTree(TREE, 'nothing')).toEqual([]);
  });
});
