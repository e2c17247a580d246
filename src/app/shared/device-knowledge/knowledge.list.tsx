import { Typography } from 'antd';
import type { Knowledge } from '@core/contracts/device-ledger';
import { columnOf, editorActions, type ListEditor, type ListSpec } from '@app/components';
import { knowledgeApi, KNOWLEDGE } from './knowledge.api';
import type { KnowledgeAuthorities } from './knowledge.tab';

/** Long text cut to the column, whole in its tooltip. */
function Clipped({ text, width }: { text: string; width: number }) {
  return (
    <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: width }}>
      {text}
    </Typography.Text>
  );
}

/** 知识库: fault symptom → cause → remedy, searched by any word and by device type. */
export function knowledgeList({ typeOptions, openDetail, editor, authorities }: { typeOptions: Array<{ value: string; label: string }>; openDetail: (row: Knowledge) => void; editor: ListEditor<Knowledge>; authorities: KnowledgeAuthorities }): ListSpec<Knowledge> {
  const crud = editorActions<Knowledge>({ noun: '知识条目', authorities, name: (row) => row.faultSymptom, remove: (row) => knowledgeApi.remove([row.id]) });
  return {
    rowKey: 'id',
    columns: [
      {
        ...columnOf(KNOWLEDGE.faultSymptom),
        width: 200,
        sortable: true,
        render: (row) => (
          <Typography.Link className="mes-knowledge-symptom" onClick={() => openDetail(row)}>
            {row.faultSymptom}
          </Typography.Link>
        ),
      },
      { ...columnOf(KNOWLEDGE.cause), width: 240, render: (row) => <Clipped text={row.cause} width={224} /> },
      { ...columnOf(KNOWLEDGE.remedy), width: 300, render: (row) => <Clipped text={row.remedy} width={284} /> },
      { ...columnOf(KNOWLEDGE.deviceTypeName), width: 110, filter: { prop: 'deviceTypeId', type: 'select', multiple: true, options: typeOptions }, render: (row) => row.deviceTypeName || '通用' },
      { ...columnOf(KNOWLEDGE.updateTime), type: 'date', dateFormat: 'date', sortable: true, width: 100 },
    ],
    filters: [{ prop: 'keyword', label: '关键词', type: 'input', placeholder: '现象、原因、方法或关键词', width: 240 }],
    fetch: knowledgeApi.list,
    ...crud,
    rowActions: [{ key: 'detail', label: '查看', run: (row) => openDetail(row) }, ...crud.rowActions],
    editor,
  };
}
