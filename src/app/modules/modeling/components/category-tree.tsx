import { useEffect, useState } from 'react';
import { App, Button, Dropdown, Empty, Spin, Tree, type TreeDataNode } from 'antd';
import { MoreOutlined, PlusOutlined } from '@ant-design/icons';
import { AuthButton, useCan } from '../../../components';
import { EditFormDialog } from './edit-form.dialog';
import type { FormField } from './form-fields';

/** A node of a category tree (device types, product classifies). */
export interface CategoryNode {
  id: number;
  name: string;
  /** Extra form values of the node (e.g. machineType). */
  values: Record<string, unknown>;
  count?: number;
  children: CategoryNode[];
}

/** The pseudo node standing for every category. */
export const ALL_CATEGORIES = 'all';

export interface CategoryTreeProps {
  /** 设备类型 / 产品分类. */
  noun: string;
  allLabel: string;
  load: () => Promise<CategoryNode[]>;
  fields: readonly FormField[];
  authorities: { add: string; edit: string; delete: string };
  create: (values: Record<string, unknown>, parentId: number | null) => Promise<unknown>;
  update: (node: CategoryNode, values: Record<string, unknown>) => Promise<unknown>;
  remove: (node: CategoryNode) => Promise<unknown>;
  selected: string;
  onSelect: (key: string) => void;
  /** Bumped by the page when counts may have changed. */
  refreshKey?: number;
}

type Editing = { mode: 'add'; parent: CategoryNode | null } | { mode: 'edit'; node: CategoryNode };

/** A category tree on the left of a list: select a node to filter; add, rename and delete nodes with their authorities. */
export function CategoryTree(props: CategoryTreeProps) {
  const { noun, allLabel, load, fields, authorities, selected, onSelect, refreshKey = 0 } = props;
  const { modal, message } = App.useApp();
  const can = useCan();
  const [nodes, setNodes] = useState<CategoryNode[] | null>(null);
  const [version, setVersion] = useState(0);
  const [editing, setEditing] = useState<Editing | null>(null);

  useEffect(() => {
    let live = true;
    load().then(
      (tree) => live && setNodes(tree),
      () => live && setNodes([]),
    );
    return () => {
      live = false;
    };
    // load is a module-level function of the caller.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [version, refreshKey]);

  const confirmRemove = (node: CategoryNode) =>
    modal.confirm({
      title: '提示',
      content: `确定删除${noun}「${node.name}」吗？`,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: () =>
        props
          .remove(node)
          .then(() => {
            void message.success('删除成功');
            if (selected === String(node.id)) onSelect(ALL_CATEGORIES);
            setVersion((value) => value + 1);
          })
          .catch(() => undefined),
    });

  const menuItems = (node: CategoryNode) =>
    [
      can(authorities.add) && { key: 'add', label: `新增下级`, onClick: () => setEditing({ mode: 'add', parent: node }) },
      can(authorities.edit) && { key: 'edit', label: '重命名', onClick: () => setEditing({ mode: 'edit', node }) },
      can(authorities.delete) && { key: 'remove', label: '删除', danger: true, onClick: () => confirmRemove(node) },
    ].filter((item) => !!item);

  const toData = (node: CategoryNode): TreeDataNode => {
    const items = menuItems(node);
    return {
      key: String(node.id),
      title: (
        <span className="mes-category-node" data-category={node.name} style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 }}>{node.name}</span>
          {node.count !== undefined && <span style={{ color: 'rgba(0,0,0,0.45)', flex: 'none' }}>({node.count})</span>}
          {items.length > 0 && (
            // Menu clicks bubble through the portal to the tree node: stop them so they do not select it.
            <span onClick={(event) => event.stopPropagation()} style={{ flex: 'none' }}>
              <Dropdown trigger={['click']} menu={{ items }}>
                <Button type="text" size="small" aria-label={`${node.name}操作`} icon={<MoreOutlined />} />
              </Dropdown>
            </span>
          )}
        </span>
      ),
      children: node.children.map(toData),
    };
  };

  const submit = async (values: Record<string, unknown>) => {
    if (!editing) return;
    if (editing.mode === 'add') await props.create(values, editing.parent?.id ?? null);
    else await props.update(editing.node, values);
    setVersion((value) => value + 1);
  };

  const title = !editing ? null : editing.mode === 'edit' ? `重命名${noun}` : editing.parent ? `新增「${editing.parent.name}」的下级${noun}` : `新增${noun}`;
  return (
    <div className="mes-category-tree" style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <strong>{noun}</strong>
        <AuthButton authority={authorities.add} size="small" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'add', parent: null })}>
          新增
        </AuthButton>
      </div>
      {nodes === null ? (
        <Spin />
      ) : (
        <>
          <Tree
            blockNode
            defaultExpandAll
            treeData={[{ key: ALL_CATEGORIES, title: allLabel }, ...nodes.map(toData)]}
            selectedKeys={[selected]}
            onSelect={(keys) => keys[0] !== undefined && onSelect(String(keys[0]))}
          />
          {nodes.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`暂无${noun}`} />}
        </>
      )}
      <EditFormDialog<Record<string, unknown>>
        title={title}
        fields={fields}
        editing={editing?.mode === 'edit'}
        initial={editing?.mode === 'edit' ? { ...editing.node.values } : undefined}
        onSubmit={submit}
        onClose={() => setEditing(null)}
      />
    </div>
  );
}
