import { ListPage } from '@app/components';
import { paperGradeList } from '../paper-data.list';

const spec = paperGradeList();

/** 原纸 tab: the list with its add/edit dialog (the list's editor). */
export default function PaperGradesTab() {
  return <ListPage spec={spec} />;
}
