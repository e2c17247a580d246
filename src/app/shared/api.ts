import type { CreatedResult, PageResult } from '@core/contracts/common';
import type { ImportResult } from '@core/contracts/files';
import { http, saveBlob } from '@core/http';
import type { ImportOutcome, ListQuery } from '@app/components';

/**
 * The ListQuery without paging: what an export sends. Multi-valued filters (tag inputs, multiple
 * selects) are comma-joined as in a list's GET (spec §7): a body's text filter refuses an array.
 */
export const filtersOf = (query: ListQuery) => {
  const { page: _page, limit: _limit, ...filters } = query;
  return Object.fromEntries(Object.entries(filters).map(([name, value]) => [name, Array.isArray(value) ? value.join(',') : value]));
};

/** A batch delete endpoint taking `{ ids }`. */
export const removeBatch = (path: string) => (ids: number[]) => http.post<{ deleted: number }>(path, { ids });

/** Every row of a small list (pickers). */
export const ALL = { page: 1, limit: 1000 };

type CrudAction = 'List' | 'Create' | 'Update' | 'DeleteBatch';
/** `<key>List`… as `crudEndpoints(key, …)` names them in a contract (no key: `list`, `create`…). */
type CrudPathName<K extends string, A extends CrudAction> = K extends '' ? Uncapitalize<A> : `${K}${A}`;
export type EntityPaths<K extends string> = { readonly [A in CrudAction as CrudPathName<K, A>]: string };

export interface CrudPathSet {
  list: string;
  create: string;
  update: string;
  deleteBatch: string;
}

/** One entity's list and write paths out of a module's `<M>Paths`: `entityPaths(ModelingPaths, 'workshop')`. */
export function entityPaths<K extends string>(paths: EntityPaths<K>, key: K): CrudPathSet {
  const byName = paths as unknown as Record<string, string>;
  const path = (action: CrudAction) => byName[key === '' ? action[0]!.toLowerCase() + action.slice(1) : `${key}${action}`]!;
  return { list: path('List'), create: path('Create'), update: path('Update'), deleteBatch: path('DeleteBatch') };
}

/**
 * list / all / create / update / remove of one entity, for a ListSpec's `fetch` and its editor:
 * `...crudApi<Workshop, CreateWorkshopRequest>(entityPaths(P, 'workshop'))` (update takes the create body plus `id`).
 */
export function crudApi<Row, Create, Update = Create & { id: number }>(paths: CrudPathSet) {
  return {
    list: (query: ListQuery) => http.get<PageResult<Row>>(paths.list, query),
    /** Every row (a picker's options), optionally sorted or filtered. */
    all: (query: Partial<ListQuery> = {}) => http.get<PageResult<Row>>(paths.list, { ...ALL, ...query }).then((page) => page.list),
    create: (request: Create) => http.post<CreatedResult>(paths.create, request),
    update: (request: Update) => http.post<void>(paths.update, request),
    remove: removeBatch(paths.deleteBatch),
  };
}

/** An importer's calls: the xlsx upload's import (errors shown by the dialog) and its template, saved as `templateFile`. */
export function importApi(importPath: string, templatePath: string, templateFile: string) {
  return {
    importFile: (url: string): Promise<ImportOutcome> => http.post<ImportResult>(importPath, { url }, { hideError: true }),
    downloadTemplate: async () => saveBlob(await http.getBlob(templatePath), templateFile),
  };
}
