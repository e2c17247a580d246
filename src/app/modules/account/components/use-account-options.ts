import { useEffect, useState } from 'react';
import type { DepartmentNode, RoleItem } from '@core/contracts/account';
import { departmentsApi } from '../departments.api';
import { rolesApi } from '../roles.api';

export interface DepartmentOption {
  value: number;
  title: string;
  children: DepartmentOption[];
}

const toOption = (node: DepartmentNode): DepartmentOption => ({ value: node.id, title: node.name, children: node.children.map(toOption) });

/** Departments (as TreeSelect options) and roles of the factory, loaded while `active`. */
export function useAccountOptions(active: boolean): { departments: DepartmentOption[]; roles: RoleItem[] } {
  const [departments, setDepartments] = useState<DepartmentOption[]>([]);
  const [roles, setRoles] = useState<RoleItem[]>([]);
  useEffect(() => {
    if (!active) return;
    let live = true;
    departmentsApi.tree().then((tree) => live && setDepartments(tree.map(toOption)), () => undefined);
    rolesApi.list().then((page) => live && setRoles(page.list), () => undefined);
    return () => {
      live = false;
    };
  }, [active]);
  return { departments, roles };
}
