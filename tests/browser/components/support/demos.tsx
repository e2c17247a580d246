// Small stateful demos of the shared parts, rendered inside the fixture element by the tests.
import { useState } from 'react';
import { TagInput } from '@app/components/tag-input';
import { FilterForm, type FilterItem, type FilterValues } from '@app/components/filter-form';
import { ImportDialog, type ImportDialogProps } from '@app/components/import-dialog';
import { ImageUpload } from '@app/components/image-upload';
import { FileUpload, type UploadedFile, type UploadFunction } from '@app/components/file-upload';
import { ListPage } from '@app/components/list-page';
import { staffListSpec, type StaffListOptions } from './staff-list';

export function TagInputDemo({ initial = [] }: { initial?: string[] }) {
  const [items, setItems] = useState<string[]>(initial);
  return <TagInput value={items} onChange={setItems} placeholder="输入订单号" />;
}

export interface FilterCall {
  at: number;
  values: FilterValues;
}

export function FilterFormDemo({ items, calls }: { items: FilterItem[]; calls: FilterCall[] }) {
  const [values, setValues] = useState<FilterValues>({});
  return (
    <FilterForm
      items={items}
      value={values}
      onChange={(next) => {
        calls.push({ at: performance.now(), values: next });
        setValues(next);
      }}
    />
  );
}

export function ImportDialogDemo(props: Omit<ImportDialogProps, 'open' | 'onClose' | 'title'>) {
  const [open, setOpen] = useState(true);
  return <ImportDialog open={open} title="员工" onClose={() => setOpen(false)} {...props} />;
}

export function ImageUploadDemo({ upload, changes, multiple }: { upload: UploadFunction; changes: UploadedFile[][]; multiple?: boolean }) {
  const [files, setFiles] = useState<UploadedFile[]>([]);
  return (
    <ImageUpload
      multiple={multiple}
      value={files}
      upload={upload}
      onChange={(next) => {
        changes.push(next);
        setFiles(next);
      }}
    />
  );
}

export function StaffListDemo(options: StaffListOptions) {
  const [spec] = useState(() => staffListSpec(options));
  return <ListPage spec={spec} />;
}

export function FileUploadDemo({ upload, changes }: { upload: UploadFunction; changes: UploadedFile[][] }) {
  const [files, setFiles] = useState<UploadedFile[]>([]);
  return (
    <FileUpload
      value={files}
      upload={upload}
      onChange={(next) => {
        changes.push(next);
        setFiles(next);
      }}
    />
  );
}
