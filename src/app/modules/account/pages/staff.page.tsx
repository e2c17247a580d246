import { useCallback, useMemo, useState } from 'react';
import { Modal, Tabs } from 'antd';
import { useSearchParams } from 'react-router-dom';
import type { StaffUser } from '../../../../core/contracts/account';
import { LIST_PARAMS, ListPage } from '../../../components';
import { ALL_DEPARTMENTS, DepartmentTree } from '../components/department-tree';
import { FactoryGrants } from '../components/factory-grants';
import { StaffEditorDialog } from '../components/staff-editor.dialog';
import { otherDepartmentList, staffList } from '../staff.list';

/** URL param of the selected department (kept beside the list's own params). */
const DEPARTMENT_PARAM = 'dept';
const OWN_TAB = 'own';
const OTHER_TAB = 'other';

/** 人员管理: department tree on the left, the selected department's users (and the others, to move in) on the right. */
export default function StaffPage() {
  const [params, setParams] = useSearchParams();
  const selected = params.get(DEPARTMENT_PARAM) ?? ALL_DEPARTMENTS;
  const departmentId = selected === ALL_DEPARTMENTS ? null : Number(selected);
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
        if (key === ALL_DEPARTMENTS) next.delete(DEPARTMENT_PARAM);
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
        <DepartmentTree selected={selected} onSelect={select} refreshKey={treeVersion} />
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
