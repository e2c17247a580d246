import type { DeviceTypeNode, ProductClassifyNode } from '@core/contracts/modeling';
import type { CategoryNode } from '@app/components';
import type { FieldOption } from '@app/components/form-dialog';

/** Select options of rows with an id. */
export const optionsOf = <R extends { id: number }>(rows: readonly R[], label: (row: R) => string): FieldOption[] =>
  rows.map((row) => ({ value: row.id, label: label(row) }));

/** The same as filter options (filter values are strings). */
export const filterOptionsOf = <R extends { id: number }>(rows: readonly R[], label: (row: R) => string) =>
  rows.map((row) => ({ value: String(row.id), label: label(row) }));

/** Device-type nodes (types only) as a category tree. */
export const deviceTypeCategories = (nodes: readonly DeviceTypeNode[]): CategoryNode[] =>
  nodes
    .filter((node) => !node.isDeviceFlag)
    .map((node) => ({
      id: node.id,
      name: node.machineTypeName,
      values: { machineType: node.machineType, machineTypeName: node.machineTypeName, parentId: node.parentId },
      children: deviceTypeCategories(node.nextLevelDeviceMultistageTree),
    }));

/** Product classify nodes as a category tree. */
export const classifyCategories = (nodes: readonly ProductClassifyNode[]): CategoryNode[] =>
  nodes.map((node) => ({
    id: node.id,
    name: node.classifyName,
    values: { classifyName: node.classifyName, parentId: node.parentId },
    count: node.productCount,
    children: classifyCategories(node.children),
  }));

/** Category nodes as tree-select options. */
export const treeOptionsOf = (nodes: readonly CategoryNode[]): FieldOption[] =>
  nodes.map((node) => ({ value: node.id, label: node.name, children: treeOptionsOf(node.children) }));
