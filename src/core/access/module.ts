/**
 * One declaration of a module's authority codes. A plain string is a menu code (its page is in the
 * route catalogue); `{ code, name }` is a button action with its Chinese name `页面-动作`, shown in
 * the role permission tree. action-codes.ts collects every module's actions from here, so a code is
 * written once: AuthButton, the server route config, the seed and the permission tree all read it.
 *
 *   const modeling = defineAuthorities({
 *     page: 'MENU_SYS_MODELING',
 *     workshopAdd: { code: 'ACTION_MODELING_WORKSHOP_ADD', name: '车间-新增' },
 *   });
 *   export const ModelingAuthorities = modeling.codes; // ModelingAuthorities.workshopAdd === 'ACTION_MODELING_WORKSHOP_ADD'
 *   export const MODELING_ACTIONS = modeling.actions;  // [{ code: 'ACTION_MODELING_WORKSHOP_ADD', name: '车间-新增' }]
 */
export interface ActionCodeEntry {
  code: string;
  /** Chinese name shown in the role permission tree: `页面-动作`. */
  name: string;
}

export type AuthorityInput = string | { readonly code: string; readonly name: string };

type CodeOf<T> = T extends { readonly code: infer C } ? C : T;

export interface DeclaredAuthorities<T extends Record<string, AuthorityInput>> {
  /** key → code, for AuthButton and route config. */
  codes: { readonly [K in keyof T]: CodeOf<T[K]> };
  /** The button actions with their names, in declaration order. */
  actions: ActionCodeEntry[];
}

export function defineAuthorities<const T extends Record<string, AuthorityInput>>(declaration: T): DeclaredAuthorities<T> {
  const codes: Record<string, string> = {};
  const actions: ActionCodeEntry[] = [];
  for (const [key, value] of Object.entries(declaration)) {
    if (typeof value === 'string') {
      codes[key] = value;
    } else {
      codes[key] = value.code;
      if (!actions.some((entry) => entry.code === value.code)) actions.push({ code: value.code, name: value.name });
    }
  }
  return { codes: codes as DeclaredAuthorities<T>['codes'], actions };
}

/** The standard buttons of a list page and their Chinese action names. */
const STANDARD_ACTIONS = { add: '新增', edit: '编辑', delete: '删除', import: '导入', export: '导出' } as const;
export type StandardAction = keyof typeof STANDARD_ACTIONS;
/** 新增 / 编辑 / 删除. */
export const CRUD = ['add', 'edit', 'delete'] as const;
/** 新增 / 编辑 / 删除 / 导入 / 导出. */
export const CRUD_TRANSFER = ['add', 'edit', 'delete', 'import', 'export'] as const;

type ActionKey<P extends string, A extends string> = P extends '' ? A : `${P}${Capitalize<A>}`;

/**
 * The standard buttons of one entity, to spread into `defineAuthorities`: for each action (in the
 * order given) the key `<prefix><Action>` (the action itself when `prefix` is ''), the code
 * `<codePrefix>_<ACTION>` and the name `<page>-新增|编辑|删除|导入|导出`.
 *
 *   ...entityActions('workshop', 'ACTION_MODELING_WORKSHOP', '车间', CRUD)
 *   // workshopAdd: { code: 'ACTION_MODELING_WORKSHOP_ADD', name: '车间-新增' }, workshopEdit…, workshopDelete…
 */
export function entityActions<const P extends string, const C extends string, const A extends StandardAction>(
  prefix: P,
  codePrefix: C,
  page: string,
  actions: readonly A[],
): { readonly [K in A as ActionKey<P, K>]: { readonly code: `${C}_${Uppercase<K>}`; readonly name: string } } {
  const entries = actions.map((action) => {
    const key = prefix === '' ? action : `${prefix}${action[0]!.toUpperCase()}${action.slice(1)}`;
    return [key, { code: `${codePrefix}_${action.toUpperCase()}`, name: `${page}-${STANDARD_ACTIONS[action]}` }];
  });
  return Object.fromEntries(entries) as never;
}
