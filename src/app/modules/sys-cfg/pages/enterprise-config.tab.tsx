import { useState } from 'react';
import { Flex, Spin } from 'antd';
import { SysCfgAuthorities as A } from '@core/access/authorities/sys-cfg';
import type { EnterpriseConfig, UpdateEnterpriseConfigRequest } from '@core/contracts/sys-cfg';
import { useLoaded } from '@app/components';
import { ConfigSectionForm } from '../components/config-section.form';
import { enterpriseConfigApi } from '../enterprise-config.api';
import { CONFIG_SECTIONS } from '../sys-cfg.forms';

/** 企业配置 tab: one form per section, each saved on its own. */
export default function EnterpriseConfigTab() {
  const loaded = useLoaded<EnterpriseConfig | null>(enterpriseConfigApi.find, 'config', null);
  const [saved, setSaved] = useState<EnterpriseConfig | null>(null);
  const config = saved ?? loaded.data;
  const save = async (request: UpdateEnterpriseConfigRequest) => {
    const next = await enterpriseConfigApi.update(request);
    setSaved(next);
    return next;
  };
  if (!config) return <Spin spinning={loaded.loading} />;
  return (
    <Flex vertical gap={12} className="mes-enterprise-config">
      {CONFIG_SECTIONS.map((section) => (
        <ConfigSectionForm key={section.key} section={section} config={config} authority={A.baseCfgEdit} onSave={save} />
      ))}
    </Flex>
  );
}
