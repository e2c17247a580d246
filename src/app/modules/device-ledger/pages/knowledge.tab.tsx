import { useMemo, useState } from 'react';
import { Descriptions, Drawer, Flex, Typography } from 'antd';
import type { Knowledge, LedgerOptions } from '@core/contracts/device-ledger';
import { FilePreview, ListPage, useLoaded } from '@app/components';
import { ledgerApi } from '../device-ledger.api';
import { KNOWLEDGE } from '../device-ledger.fields';
import { knowledgeList } from '../knowledge.list';
import { typeTree } from '../device-types';
import { KnowledgeEditorDialog, type TypeNode } from '../components/knowledge-editor.dialog';

const NO_OPTIONS: LedgerOptions = { workshops: [], deviceTypes: [] };

const typeNode = (type: { id: number; name: string }, children: TypeNode[] | undefined): TypeNode => ({ value: type.id, title: type.name, ...(children ? { children } : {}) });

/** One entry whole: symptom, cause, remedy (kept as written, line breaks included) and its files. */
function KnowledgeDrawer({ row, onClose }: { row: Knowledge | null; onClose: () => void }) {
  return (
    <Drawer open={row !== null} onClose={onClose} size={640} title={row?.faultSymptom ?? ''} className="mes-knowledge-drawer" destroyOnHidden>
      {row && (
        <Flex vertical gap={16}>
          <Descriptions
            size="small"
            bordered
            column={1}
            items={[
              { key: 'type', label: KNOWLEDGE.deviceTypeName.label, children: row.deviceTypeName || '通用' },
              { key: 'cause', label: KNOWLEDGE.cause.label, children: <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{row.cause}</Typography.Paragraph> },
              { key: 'remedy', label: KNOWLEDGE.remedy.label, children: <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{row.remedy}</Typography.Paragraph> },
              { key: 'keywords', label: KNOWLEDGE.keywords.label, children: row.keywords || '—' },
              { key: 'author', label: KNOWLEDGE.createdByName.label, children: `${row.createdByName || '—'} · 更新于 ${row.updateTime}` },
            ]}
          />
          {row.files.map((file) => (
            <FilePreview key={file.url} url={file.url} fileName={file.name} height={360} />
          ))}
        </Flex>
      )}
    </Drawer>
  );
}

/** 知识库 tab: what check, maintenance and repair people look up when a device fails. */
export default function KnowledgeTab() {
  const options = useLoaded(ledgerApi.options, 'ledger-options', NO_OPTIONS).data;
  const [viewing, setViewing] = useState<Knowledge | null>(null);
  const types = useMemo(() => typeTree(options.deviceTypes, typeNode), [options]);
  const spec = useMemo(
    () =>
      knowledgeList({
        typeOptions: options.deviceTypes.map((type) => ({ value: String(type.id), label: type.name })),
        openDetail: setViewing,
        editor: { render: (props) => <KnowledgeEditorDialog {...props} types={types} /> },
      }),
    [options, types],
  );
  return (
    <div className="mes-device-knowledge">
      <ListPage spec={spec} />
      <KnowledgeDrawer row={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}
