import { useMemo, useState, type ReactNode } from 'react';
import { Modal, Tabs } from 'antd';
import type { DepartmentNode, StaffUser } from '@core/contracts/account';
import { AccountAuthorities } from '@core/access/authorities/account';
import { ALL_CATEGORIES, ListPage, useListReload, type CategoryEditorProps, type CategoryNode, type ListAside } from '@app/components';
import { departmentsApi } from '../departments.api';
import { DepartmentNameDialog } from '../components/department-name.dialog';
import { FactoryGrants } from '../components/factory-grants';
import { otherDepartmentList, staffList } from '../staff.list';

/** URL param of the selected department (kept beside the list's own params). */
const DEPARTMENT_PARAM = 'dept';
const OWN_TAB = 'own';
const OTHER_TAB = 'other';
const ALL_PEOPLE = '全部人员';
const MANAGE_DEPARTMENTS = { add: AccountAuthorities.department, edit: AccountAuthorities.department, delete: AccountAuthorities.department };

const asCategory = (node: DepartmentNode): CategoryNode => ({ id: node.id, name: node.name, values: {}, count: node.userCount, children: node.children.map(asCategory) });
const loadDepartments = () => departmentsApi.tree().then((nodes) => nodes.map(asCategory));
const departmentAttributes = (node: CategoryNode) => ({ 'data-department': node.name, 'data-department-id': node.id });
const editDepartment = ({ title, node, onSubmit, onClose }: CategoryEditorProps) => (
  <DepartmentNameDialog title={title} initialName={node?.name ?? ''} editing={!!node} onSubmit={(name) => onSubmit({ name })} onClose={onClose} />
);

/**
 * The right-hand side for a department: its users, and the other departments' users to move in.
 * The tab goes back to 本部门人员 whenever another department is picked.
 */
function DepartmentTabs({ list, node, onMoved }: { list: ReactNode; node: { key: string; name: string }; onMoved: () => void }) {
  const [tab, setTab] = useState({ node: '', key: OWN_TAB });
  const departmentId = Number(node.key);
  const departmentName = node.name || '本部门';
  const otherSpec = useMemo(() => otherDepartmentList(departmentId, departmentName, onMoved), [departmentId, departmentName, onMoved]);
  return (
    <Tabs
      activeKey={tab.node === node.key ? tab.key : OWN_TAB}
      onChange={(key) => setTab({ node: node.key, key })}
      destroyOnHidden
      items={[
        { key: OWN_TAB, label: '本部门人员', children: list },
        { key: OTHER_TAB, label: '其他部门人员', children: <ListPage key={node.key} spec={otherSpec} /> },
      ]}
    />
  );
}

/** 人员管理: department tree on the left (the list's aside), the selected department's users (and the others, to move in) on the right. */
export default function StaffPage() {
  const [granting, setGranting] = useState<StaffUser | null>(null);
  // Moves from the other-department list change the own list and the tree's head counts.
  const [list, reload] = useListReload();

  const aside = useMemo<ListAside>(
    () => ({
      filter: 'departmentId',
      param: DEPARTMENT_PARAM,
      width: 280,
      tree: {
        noun: '部门',
        allLabel: ALL_PEOPLE,
        addLabel: '新增部门',
        addChildLabel: '新增子部门',
        childNoun: '子部门',
        load: loadDepartments,
        editor: editDepartment,
        authorities: MANAGE_DEPARTMENTS,
        create: (values, parentId) => departmentsApi.add(String(values.name), parentId),
        update: (node, values) => departmentsApi.rename(node.id, String(values.name)),
        remove: (node) => departmentsApi.remove(node.id),
        nodeAttributes: departmentAttributes,
      },
      wrap: (own, node) => (node.key === ALL_CATEGORIES ? own : <DepartmentTabs list={own} node={node} onMoved={reload} />),
    }),
    [reload],
  );
  const spec = useMemo(() => staffList({ aside, openFactoryGrants: setGranting, onCountsChanged: reload }), [aside, reload]);

  return (
    <div className="mes-staff-page">
      <ListPage handle={list} spec={spec} />
      <Modal open={!!granting} title={`工厂授权 - ${granting?.nickName ?? ''}`} footer={null} onCancel={() => setGranting(null)} destroyOnHidden>
        {granting && <FactoryGrants userId={granting.userId} onSaved={() => setGranting(null)} />}
      </Modal>
    </div>
  );
}
