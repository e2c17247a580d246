import { useCallback, useMemo, useState } from 'react';
import { Modal, Tabs } from 'antd';
import { useSearchParams } from 'react-router-dom';
import type { DepartmentNode, StaffUser } from '@core/contracts/account';
import { AccountAuthorities } from '@core/access/authorities/account';
import { ALL_CATEGORIES, CategoryTree, LIST_PARAMS, ListPage, type CategoryEditorProps, type CategoryNode } from '@app/components';
import { departmentsApi } from '../departments.api';
import { DepartmentNameDialog } from '../components/department-name.dialog';
import { FactoryGrants } from '../components/factory-grants';
import { StaffEditorDialog } from '../components/staff-editor.dialog';
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

/** 人员管理: department tree on the left, the selected department's users (and the others, to move in) on the right. */
export default function StaffPage() {
  const [params, setParams] = useSearchParams();
  const selected = params.get(DEPARTMENT_PARAM) ?? ALL_CATEGORIES;
  const departmentId = selected === ALL_CATEGORIES ? null : Number(selected);
  const [departmentName, setDepartmentName] = useState('');
  const [tab, setTab] = useState(OWN_TAB);
  const [editing, setEditing] = useState<{ user?: StaffUser; departmentId?: number | null } | null>(null);
  const [granting, setGranting] = useState<StaffUser | null>(null);
  // Bumped after saving a user (the list remounts) and after changes of head counts (the tree reloads).
  const [version, setVersion] = useState(0);
  const [treeVersion, setTreeVersion] = useState(0);
  const countsChanged = useCallback(() => setTreeVersion((value) => value + 1), []);
  const saved = useCallback(() => {
    setVersion((value) => value + 1);
    countsChanged();
  }, [countsChanged]);

  const select = (key: string, name: string) => {
    setDepartmentName(name);
    setTab(OWN_TAB);
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete(LIST_PARAMS.page);
        if (key === ALL_CATEGORIES) next.delete(DEPARTMENT_PARAM);
        else next.set(DEPARTMENT_PARAM, key);
        return next;
      },
      { replace: true },
    );
  };

  const ownSpec = useMemo(
    () =>
      staffList({
        departmentId,
        openEditor: (user) => setEditing({ user, departmentId }),
        openFactoryGrants: setGranting,
        onCountsChanged: countsChanged,
      }),
    [departmentId, countsChanged],
  );
  const otherSpec = useMemo(
    () => (departmentId === null ? null : otherDepartmentList(departmentId, departmentName || '本部门', countsChanged)),
    [departmentId, departmentName, countsChanged],
  );

  const ownList = <ListPage key={`${selected}:${version}`} spec={ownSpec} />;
  return (
    <div className="mes-staff-page" style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
      <aside style={{ width: 280, flex: 'none', borderRight: '1px solid #f0f0f0', paddingRight: 12 }}>
        <CategoryTree
          noun="部门"
          allLabel={ALL_PEOPLE}
          addLabel="新增部门"
          addChildLabel="新增子部门"
          childNoun="子部门"
          load={loadDepartments}
          editor={editDepartment}
          authorities={MANAGE_DEPARTMENTS}
          create={(values, parentId) => departmentsApi.add(String(values.name), parentId)}
          update={(node, values) => departmentsApi.rename(node.id, String(values.name))}
          remove={(node) => departmentsApi.remove(node.id)}
          nodeAttributes={departmentAttributes}
          selected={selected}
          onSelect={select}
          refreshKey={treeVersion}
        />
      </aside>
      <section style={{ flex: 1, minWidth: 0 }}>
        {otherSpec ? (
          <Tabs
            activeKey={tab}
            onChange={setTab}
            destroyOnHidden
            items={[
              { key: OWN_TAB, label: '本部门人员', children: ownList },
              { key: OTHER_TAB, label: '其他部门人员', children: <ListPage key={`${selected}:other:${version}`} spec={otherSpec} /> },
            ]}
          />
        ) : (
          ownList
        )}
      </section>
      <StaffEditorDialog editing={editing} onClose={() => setEditing(null)} onSaved={saved} />
      <Modal open={!!granting} title={`工厂授权 - ${granting?.nickName ?? ''}`} footer={null} onCancel={() => setGranting(null)} destroyOnHidden>
        {granting && <FactoryGrants userId={granting.userId} onSaved={() => setGranting(null)} />}
      </Modal>
    </div>
  );
}
