import { useCallback, useEffect, useState } from 'react';
import { App, Button, Dropdown, Empty, Spin, Tree, type TreeDataNode } from 'antd';
import { MoreOutlined, PlusOutlined } from '@ant-design/icons';
import type { DepartmentNode } from '../../../../core/contracts/account';
import { AuthButton, useCan } from '../../../components';
import { AccountAuthorities } from '../../../../core/access/authorities/account';
import { departmentsApi } from '../departments.api';
import { DepartmentNameDialog } from './department-name.dialog';

/** The pseudo node listing every user of the factory. */
export const ALL_DEPARTMENTS = 'all';

export interface DepartmentTreeProps {
  selected: string;
  onSelect: (key: string, name: string) => void;
  /** Bumped by the page when user counts may have changed. */
  refreshKey?: number;
}

type Editing = { mode: 'add'; parent: DepartmentNode | null } | { mode: 'rename'; node: DepartmentNode };

function allKeys(nodes: DepartmentNode[]): string[] {
  return nodes.flatMap((node) => [String(node.id), ...allKeys(node.children)]);
}

/** Departments of the factory: select one to list its users; add, rename and remove with the department authority. */
export function DepartmentTree({ selected, onSelect, refreshKey = 0 }: DepartmentTreeProps) {
  const { modal, message } = App.useApp();
  const can = useCan();
  const [nodes, setNodes] = useState<DepartmentNode[] | null>(null);
  const [version, setVersion] = useState(0);
  const [editing, setEditing] = useState<Editing | null>(null);
  // Everything starts expanded; a department that gets a child opens.
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const reload = useCallback(() => setVersion((value) => value + 1), []);

  useEffect(() => {
    let live = true;
    departmentsApi.tree().then(
      (tree) => live && setNodes(tree),
      () => live && setNodes([]),
    );
    return () => {
      live = false;
    };
  }, [version, refreshKey]);

  const manage = can(AccountAuthorities.department);
  const confirmRemove = (node: DepartmentNode) =>
    modal.confirm({
      title: '提示',
      content: `确定删除部门「${node.name}」吗？`,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      // A refusal (users or sub-departments left) is shown by the http layer; the confirm closes either way.
      onOk: () =>
        departmentsApi
          .remove(node.id)
          .then(() => {
            void message.success('删除成功');
            if (selected === String(node.id)) onSelect(ALL_DEPARTMENTS, '全部人员');
            reload();
          })
          .catch(() => undefined),
    });

  const treeData = ((): TreeDataNode[] => {
    const toData = (node: DepartmentNode): TreeDataNode => ({
      key: String(node.id),
      title: (
        <span className="mes-department-node" data-department={node.name} data-department-id={node.id} title={node.name} style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
          <span className="mes-department-name" style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 }}>
            {node.name}
          </span>
          <span style={{ color: 'rgba(0,0,0,0.45)', flex: 'none' }}>({node.userCount})</span>
          {manage && (
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  { key: 'add', label: '新增子部门', onClick: () => setEditing({ mode: 'add', parent: node }) },
                  { key: 'rename', label: '重命名', onClick: () => setEditing({ mode: 'rename', node }) },
                  { key: 'remove', label: '删除', danger: true, onClick: () => confirmRemove(node) },
                ],
              }}
            >
              <Button type="text" size="small" style={{ flex: 'none' }} aria-label={`${node.name}操作`} icon={<MoreOutlined />} onClick={(event) => event.stopPropagation()} />
            </Dropdown>
          )}
        </span>
      ),
      children: node.children.map(toData),
    });
    return [{ key: ALL_DEPARTMENTS, title: '全部人员' }, ...(nodes ?? []).map(toData)];
  })();

  const findName = (key: string): string => {
    const walk = (list: DepartmentNode[]): string | undefined =>
      list.reduce<string | undefined>((found, node) => found ?? (String(node.id) === key ? node.name : walk(node.children)), undefined);
    return key === ALL_DEPARTMENTS ? '全部人员' : (walk(nodes ?? []) ?? '');
  };

  const submitName = async (name: string) => {
    if (!editing) return;
    if (editing.mode === 'add') {
      await departmentsApi.add(name, editing.parent?.id ?? null);
      const parentKey = editing.parent ? String(editing.parent.id) : null;
      if (parentKey) setCollapsed((previous) => new Set([...previous].filter((key) => key !== parentKey)));
    }
    else await departmentsApi.rename(editing.node.id, name);
    void message.success(editing.mode === 'add' ? '新增成功' : '修改成功');
    reload();
  };

  return (
    <div className="mes-department-tree" style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <strong>部门</strong>
        <AuthButton authority={AccountAuthorities.department} size="small" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'add', parent: null })}>
          新增部门
        </AuthButton>
      </div>
      {nodes === null ? (
        <Spin />
      ) : (
        <>
          <Tree
            blockNode
            treeData={treeData}
            selectedKeys={[selected]}
            expandedKeys={allKeys(nodes).filter((key) => !collapsed.has(key))}
            onExpand={(keys) => {
              const open = new Set(keys.map(String));
              setCollapsed(new Set(allKeys(nodes).filter((key) => !open.has(key))));
            }}
            onSelect={(keys) => {
              const key = keys[0];
              if (key !== undefined) onSelect(String(key), findName(String(key)));
            }}
          />
          {nodes.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无部门" />}
        </>
      )}
      <DepartmentNameDialog
        title={editing ? (editing.mode === 'rename' ? '重命名部门' : editing.parent ? `新增「${editing.parent.name}」的子部门` : '新增部门') : null}
        initialName={editing?.mode === 'rename' ? editing.node.name : ''}
        onSubmit={submitName}
        onClose={() => setEditing(null)}
      />
    </div>
  );
}
