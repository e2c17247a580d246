import { useMemo, useState } from 'react';
import { Empty, Input, Tree, type TreeDataNode } from 'antd';
import type { PermissionNode } from '@core/contracts/account';
import { useAuthorities } from '@app/components';
import { allCodes, filterPermissionTree, GROUP_PREFIX, toggleAuthority, treeCheckState } from './permission-check';

export interface PermissionTreeProps {
  tree: readonly PermissionNode[];
  value: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
}

/** Menus and buttons a role may hold, with a search; codes the editor does not hold cannot be granted. */
export function PermissionTree({ tree, value, onChange }: PermissionTreeProps) {
  const held = useAuthorities();
  const [keyword, setKeyword] = useState('');
  const [expanded, setExpanded] = useState<string[]>([]);
  const shown = useMemo(() => filterPermissionTree(tree, keyword), [tree, keyword]);
  const treeData = useMemo(() => {
    const toData = (node: PermissionNode): TreeDataNode & { grantable: boolean } => {
      const children = node.children.map(toData);
      const grantable = node.code.startsWith(GROUP_PREFIX) ? children.some((child) => child.grantable) : held.has(node.code);
      return { key: node.code, title: node.name, children, grantable, disableCheckbox: !grantable };
    };
    return shown.map(toData);
  }, [shown, held]);
  const checkedKeys = useMemo(() => treeCheckState(tree, value), [tree, value]);
  const searching = keyword.trim() !== '';

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <Input.Search placeholder="搜索菜单或按钮" allowClear onChange={(event) => setKeyword(event.target.value)} />
      {treeData.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有匹配的权限" />
      ) : (
        <Tree
          className="mes-permission-tree"
          checkable
          checkStrictly
          selectable={false}
          treeData={treeData}
          expandedKeys={searching ? allCodes(shown) : expanded}
          onExpand={(keys) => !searching && setExpanded(keys.map(String))}
          checkedKeys={checkedKeys}
          onCheck={(_keys, info) => onChange(toggleAuthority(tree, value, String(info.node.key), info.checked))}
          height={420}
        />
      )}
    </div>
  );
}
