import { Notice } from './notice';

interface ModulePendingProps {
  title: string;
  /** Chinese module name (the menu group's title); omitted for public pages. */
  moduleName?: string;
}

/** Honest notice for a page whose module is not built yet (replaced when the module registers it). */
export function ModulePending({ title, moduleName }: ModulePendingProps) {
  const text = moduleName ? `「${title}」所属的${moduleName}模块待开发` : `「${title}」页面待开发`;
  return (
    <Notice testId="module-pending" status="info" title="模块待开发" subTitle={text} />
  );
}
