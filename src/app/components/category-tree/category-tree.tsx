import { useEffect, useState, type ReactNode } from 'react';
import { App, Button, Dropdown, Empty, Spin, Tree, type TreeDataNode } from 'antd';
import { MoreOutlined, PlusOutlined } from '@ant-design/icons';
import { AuthButton, useCan } from '../auth-button';

/** A node of a category tree (device types, product classifies, departments). */
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

/** What the tree hands its editing dialog. */
export interface CategoryEditorProps {
  /** Closed when null. */
  title: string | null;
  /** The node being renamed; absent when adding. */
  node?: CategoryNode;
  /** Saves and reloads the tree; the dialog says 新增成功/修改成功 and closes after it resolves. */
  onSubmit: (values: Record<string, unknown>) => Promise<unknown>;
  onClose: () => void;
}

export interface CategoryTreeProps {
  /** 设备类型 / 产品分类 / 部门. */
  noun: string;
  /** Label of the entry standing for every category (全部设备, 全部人员). */
  allLabel: string;
  /** Label of the header's add button; 新增 by default. */
  addLabel?: string;
  /** Menu label for adding a child; 新增下级 by default. */
  addChildLabel?: string;
  /** What a child is called in the add dialog's title; 下级<noun> by default. */
  childNoun?: string;
  load: () => Promise<CategoryNode[]>;
  /** Renders the add/rename dialog (always rendered; open while its title is set). */
  editor: (props: CategoryEditorProps) => ReactNode;
  authorities: { add: string; edit: string; delete: string };
  create: (values: Record<string, unknown>, parentId: number | null) => Promise<unknown>;
  update: (node: CategoryNode, values: Record<string, unknown>) => Promise<unknown>;
  remove: (node: CategoryNode) => Promise<unknown>;
  /** Extra attributes of a node's element (e.g. data-* hooks of tests). */
  nodeAttributes?: (node: CategoryNode) => Record<string, string | number>;
  selected: string;
  /** Called with the node's key and name (allLabel for the "all" entry). */
  onSelect: (key: string, name: string) => void;
  /** Bumped by the page when counts may have changed. */
  refreshKey?: number;
}

type Editing = { mode: 'add'; parent: CategoryNode | null } | { mode: 'edit'; node: CategoryNode };

function allKeys(nodes: readonly CategoryNode[]): string[] {
  return nodes.flatMap((node) => [String(node.id), ...allKeys(node.children)]);
}

function findName(nodes: readonly CategoryNode[], key: string): string | undefined {
  return nodes.reduce<string | undefined>((found, node) => found ?? (String(node.id) === key ? node.name : findName(node.children, key)), undefined);
}

/** A category tree on the left of a list: select a node to filter; add, rename and delete nodes with their authorities. */
export function CategoryTree(props: CategoryTreeProps) {
  const { noun, allLabel, addLabel = '新增', addChildLabel = '新增下级', childNoun = `下级${noun}`, load, authorities, selected, onSelect, refreshKey = 0 } = props;
  const { modal, message } = App.useApp();
  const can = useCan();
  const [nodes, setNodes] = useState<CategoryNode[] | null>(null);
  const [version, setVersion] = useState(0);
  const [editing, setEditing] = useState<Editing | null>(null);
  // Everything starts expanded; a node that gets a child opens.
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());

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
      // A refusal (e.g. children or users left) is shown by the http layer; the confirm closes either way.
      onOk: () =>
        props
          .remove(node)
          .then(() => {
            void message.success('删除成功');
            if (selected === String(node.id)) onSelect(ALL_CATEGORIES, allLabel);
            setVersion((value) => value + 1);
          })
          .catch(() => undefined),
    });

  const menuItems = (node: CategoryNode) =>
    [
      can(authorities.add) && { key: 'add', label: addChildLabel, onClick: () => setEditing({ mode: 'add', parent: node }) },
      can(authorities.edit) && { key: 'edit', label: '重命名', onClick: () => setEditing({ mode: 'edit', node }) },
      can(authorities.delete) && { key: 'remove', label: '删除', danger: true, onClick: () => confirmRemove(node) },
    ].filter((item) => !!item);

  const toData = (node: CategoryNode): TreeDataNode => {
    const items = menuItems(node);
    return {
      key: String(node.id),
      title: (
        <span
          className="mes-category-node"
          data-category={node.name}
          title={node.name}
          {...props.nodeAttributes?.(node)}
          style={{ display: 'flex', alignItems: 'center', gap: 4 }}
        >
          <span className="mes-category-name" style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 }}>
            {node.name}
          </span>
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
    if (editing.mode === 'add') {
      await props.create(values, editing.parent?.id ?? null);
      const parentKey = editing.parent ? String(editing.parent.id) : null;
      if (parentKey) setCollapsed((previous) => new Set([...previous].filter((key) => key !== parentKey)));
    } else await props.update(editing.node, values);
    setVersion((value) => value + 1);
  };

  const title = !editing ? null : editing.mode === 'edit' ? `重命名${noun}` : editing.parent ? `新增「${editing.parent.name}」的${childNoun}` : `新增${noun}`;
  return (
    <div className="mes-category-tree" style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <strong>{noun}</strong>
        <AuthButton authority={authorities.add} size="small" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'add', parent: null })}>
          {addLabel}
        </AuthButton>
      </div>
      {nodes === null ? (
        <Spin />
      ) : (
        <>
          <Tree
            blockNode
            treeData={[{ key: ALL_CATEGORIES, title: allLabel }, ...nodes.map(toData)]}
            selectedKeys={[selected]}
            expandedKeys={allKeys(nodes).filter((key) => !collapsed.has(key))}
            onExpand={(keys) => {
              const open = new Set(keys.map(String));
              setCollapsed(new Set(allKeys(nodes).filter((key) => !open.has(key))));
            }}
            onSelect={(keys) => {
              if (keys[0] === undefined) return;
              const key = String(keys[0]);
              onSelect(key, key === ALL_CATEGORIES ? allLabel : (findName(nodes, key) ?? ''));
            }}
          />
          {nodes.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`暂无${noun}`} />}
        </>
      )}
      {props.editor({ title, node: editing?.mode === 'edit' ? editing.node : undefined, onSubmit: submit, onClose: () => setEditing(null) })}
    </div>
  );
}
