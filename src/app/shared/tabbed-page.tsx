import { Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Spin, Tabs } from 'antd';
import { useTabQuery } from '@app/shell/use-tab-query';

export interface PageTab {
  key: string;
  label: string;
  page: LazyExoticComponent<ComponentType>;
}

/** A page of lazy tabs whose selection lives in the `tab` query (the routes keep it). */
export function TabbedPage({ tabs, className }: { tabs: readonly PageTab[]; className: string }) {
  const [tab, setTab] = useTabQuery('tab', tabs[0]!.key);
  const active = tabs.some((item) => item.key === tab) ? tab : tabs[0]!.key;
  return (
    <Tabs
      className={className}
      activeKey={active}
      onChange={setTab}
      destroyOnHidden
      items={tabs.map(({ key, label, page: Page }) => ({
        key,
        label,
        children: (
          <Suspense fallback={<Spin />}>
            <Page />
          </Suspense>
        ),
      }))}
    />
  );
}
