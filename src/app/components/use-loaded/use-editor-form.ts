import { useEffect, useRef } from 'react';
import type { FormInstance } from 'antd';
import { useLoaded } from './use-loaded';

/**
 * An editor dialog's form (`editing`: null closed, `{}` adds, `{ row }` edits). What the dialog opens
 * with is loaded on every open: `load(id)` (the record being edited and what its pickers need; id
 * null when adding). The form is emptied at once, so the last dialog's values never show nor take
 * typing, and filled once the load is in with `valuesOf(data)` (data null while closed, or when the
 * load failed). `loading` is what FormDialog's `loading` takes.
 */
export function useEditorForm<V, T>(
  form: FormInstance<V>,
  editing: { row?: { id: number } } | null,
  load: (id: number | null) => Promise<T>,
  valuesOf: (data: NoInfer<T> | null) => Parameters<FormInstance<V>['setFieldsValue']>[0],
): { open: boolean; loading: boolean; data: T | null } {
  const open = editing !== null;
  const id = editing?.row?.id ?? null;
  const loaded = useLoaded<T | null>(() => (open ? load(id) : Promise.resolve(null)), open ? `open:${id ?? 'new'}` : 'closed', null);
  // The latest render's values (e.g. the signed-in user as a new record's default), read when filling.
  const valuesRef = useRef(valuesOf);
  useEffect(() => {
    valuesRef.current = valuesOf;
  });
  // Emptied once per open (a reset remounts the fields, so not again when the load is in).
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, id, form]);
  useEffect(() => {
    if (open && !loaded.loading) form.setFieldsValue(valuesRef.current(loaded.data));
  }, [open, loaded.loading, loaded.data, form]);
  return { open, loading: open && loaded.loading, data: loaded.data };
}
