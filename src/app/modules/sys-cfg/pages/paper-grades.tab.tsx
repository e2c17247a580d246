import { useMemo, useState } from 'react';
import type { CreatePaperGradeRequest, PaperGrade } from '@core/contracts/sys-cfg';
import { ListPage } from '@app/components';
import { EditFormDialog } from '@app/components/form-dialog';
import { paperGradesApi } from '../paper-data.api';
import { paperGradeList } from '../paper-data.list';
import { PAPER_GRADE_FIELDS } from '../sys-cfg.forms';

/** 原纸 tab: paper grades with their add/edit dialog. */
export default function PaperGradesTab() {
  const [editing, setEditing] = useState<{ row?: PaperGrade } | null>(null);
  const [version, setVersion] = useState(0);
  const spec = useMemo(() => paperGradeList((row) => setEditing({ row })), []);
  const row = editing?.row;
  return (
    <>
      <ListPage key={version} spec={spec} />
      <EditFormDialog<CreatePaperGradeRequest>
        title={editing ? (row ? '编辑原纸' : '新增原纸') : null}
        fields={PAPER_GRADE_FIELDS}
        editing={!!row}
        initial={row ?? { paperType: 'liner' }}
        onSubmit={(values) => {
          const request = { ...values, ringCrush: values.ringCrush ?? null };
          return row ? paperGradesApi.update({ ...request, id: row.id }) : paperGradesApi.create(request);
        }}
        onClose={() => setEditing(null)}
        onSaved={() => setVersion((value) => value + 1)}
      />
    </>
  );
}
