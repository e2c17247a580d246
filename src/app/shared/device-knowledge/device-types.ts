import type { LedgerOptions } from '@core/contracts/device-ledger';

type DeviceType = LedgerOptions['deviceTypes'][number];

/** The factory's flat device types as a tree of whatever node a control wants (cascader, tree select). */
export function typeTree<N>(types: readonly DeviceType[], node: (type: DeviceType, children: N[] | undefined) => N, parentId: number | null = null): N[] {
  return types
    .filter((type) => type.parentId === parentId)
    .map((type) => {
      const children = typeTree(types, node, type.id);
      return node(type, children.length ? children : undefined);
    });
}
