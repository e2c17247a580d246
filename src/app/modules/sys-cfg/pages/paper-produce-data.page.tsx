import { lazy } from 'react';
import { TabbedPage } from '@app/shared';

/** The tabs of 纸板生产数据, in the order the data builds on itself. */
export const PAPER_DATA_TABS = [
  { key: 'paper', label: '原纸', page: lazy(() => import('./paper-grades.tab')) },
  { key: 'flute', label: '楞型', page: lazy(() => import('./flutes.tab')) },
  { key: 'board', label: '纸板编码', page: lazy(() => import('./board-codes.tab')) },
  { key: 'deckle', label: '门幅', page: lazy(() => import('./deckles.tab')) },
];

/** 纸板生产数据 (/paper-produce-data): what the corrugator scheduler needs (DOMAIN.md "Board"). */
export default function PaperProduceDataPage() {
  return <TabbedPage tabs={PAPER_DATA_TABS} className="mes-paper-produce-data" />;
}
