import { useMemo } from 'react';
import { Tree, type TreeDataNode } from 'antd';
import type { PermissionNode } from '../../../../core/contracts/account';
import { useAuthorities } from '../../../components';
import { GROUP_PREFIX, toggleAuthority, treeCheckState } from './permission-check';

export interface PermissionTreeProps {
  tree: readonly PermissionNode[];
  value: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
}

/** Menus and buttons a role may hold; codes the editor does not hold themselves cannot be granted. */
export function PermissionTree({ tree, value, onChange }: PermissionTreeProps) {
  const held = useAuthorities();
  const treeData = useMemo(() => {
    const toData = (node: PermissionNode): TreeDataNode & { grantable: boolean } => {
      const children = node.children.map(toData);
      const grantable = node.code.startsWith(GROUP_PREFIX) ? children.some((child) => child.grantable) : held.has(node.code);
      return { key: node.code, title: node.name, children, grantable, disableCheckbox: !grantable };
    };
    return tree.map(toData);
  }, [tree, held]);
  const checkedKeys = useMemo(() => treeCheckState(tree, value), [tree, value]);

  return (
    <Tree
      className="mes-permission-tree"
      checkable
      checkStrictly
      selectable={false}
      treeData={treeData}
      defaultExpandedKeys={tree.map((node) => node.code)}
      checkedKeys={checkedKeys}
      onCheck={(_keys, info) => onChange(toggleAuthority(tree, value, String(info.node.key), info.checked))}
      height={440}
    />
  );
}
