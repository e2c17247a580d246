import { useState } from 'react';
import { Card, Empty, Flex, Menu, Spin } from 'antd';
import { SysCfgAuthorities as A } from '@core/access/authorities/sys-cfg';
import type { SaveDictRequest } from '@core/contracts/sys-cfg';
import { AuthButton, useLoaded } from '@app/components';
import { DictItemsEditor } from '../components/dict-items.editor';
import { EditFormDialog } from '@app/components/form-dialog';
import { dictApi } from '../enterprise-config.api';
import { DICT_TYPE_FIELDS } from '../sys-cfg.forms';

/** 数据字典 tab: dictionary types on the left, the chosen one's items on the right. */
export default function DictTab() {
  const [chosen, setChosen] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const { data: dicts, loading, reload } = useLoaded(dictApi.list, 'dicts', []);
  const dict = dicts.find((entry) => entry.dictType === chosen) ?? dicts[0];

  return (
    <Spin spinning={loading}>
      <Flex gap={12} align="start" className="mes-dict">
        <Card
          size="small"
          title="字典类型"
          style={{ width: 260, flex: 'none' }}
          extra={
            <AuthButton authority={A.dictEdit} size="small" type="link" onClick={() => setAdding(true)}>
              新增
            </AuthButton>
          }
        >
          {dicts.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无字典" />
          ) : (
            <Menu
              className="mes-dict-types"
              selectedKeys={dict ? [dict.dictType] : []}
              onClick={({ key }) => setChosen(key)}
              items={dicts.map((entry) => ({ key: entry.dictType, label: `${entry.dictName}（${entry.items.length}）` }))}
              style={{ borderInlineEnd: 'none' }}
            />
          )}
        </Card>
        <Card size="small" title={dict ? `${dict.dictName}（${dict.dictType}）` : '字典项'} style={{ flex: 1, minWidth: 0 }}>
          {dict ? (
            <DictItemsEditor
              key={`${dict.dictType}:${dict.updateTime}`}
              dict={dict}
              authority={A.dictEdit}
              onSave={(items) => dictApi.saveOrUpdate({ dictType: dict.dictType, dictName: dict.dictName, items }).then(reload)}
            />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="请先新增字典类型" />
          )}
        </Card>
      </Flex>
      <EditFormDialog<Omit<SaveDictRequest, 'items'>>
        title={adding ? '新增字典类型' : null}
        fields={DICT_TYPE_FIELDS}
        onSubmit={(values) => dictApi.saveOrUpdate({ ...values, items: [] }).then(() => setChosen(values.dictType))}
        onClose={() => setAdding(false)}
        onSaved={reload}
      />
    </Spin>
  );
}
