import { useMemo, useState } from 'react';
import { Descriptions, Drawer, Flex, Typography } from 'antd';
import type { Knowledge } from '@core/contracts/device-ledger';
import { FilePreview, ListPage, useLoaded } from '@app/components';
import { knowledgeApi, KNOWLEDGE } from './knowledge.api';
import { knowledgeList } from './knowledge.list';
import { typeTree } from './device-types';
import { KnowledgeEditorDialog, type TypeNode } from './knowledge-editor.dialog';

/** The page's buttons 新增 / 编辑 / 删除 of the knowledge base: each page that shows it has its own codes. */
export type KnowledgeAuthorities = readonly [add: string, edit: string, remove: string];

const NO_TYPES: Awaited<ReturnType<typeof knowledgeApi.deviceTypes>> = [];

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

/** 知识库: what check, maintenance and repair people look up when a device fails; edited with the page's own `authorities`. */
export function KnowledgeBase({ authorities }: { authorities: KnowledgeAuthorities }) {
  const deviceTypes = useLoaded(knowledgeApi.deviceTypes, 'knowledge-device-types', NO_TYPES).data;
  const [viewing, setViewing] = useState<Knowledge | null>(null);
  const types = useMemo(() => typeTree(deviceTypes, typeNode), [deviceTypes]);
  const [add, edit, remove] = authorities;
  const spec = useMemo(
    () =>
      knowledgeList({
        typeOptions: deviceTypes.map((type) => ({ value: String(type.id), label: type.name })),
        openDetail: setViewing,
        editor: { render: (props) => <KnowledgeEditorDialog {...props} types={types} /> },
        authorities: [add, edit, remove],
      }),
    [deviceTypes, types, add, edit, remove],
  );
  return (
    <div className="mes-device-knowledge">
      <ListPage spec={spec} />
      <KnowledgeDrawer row={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}
