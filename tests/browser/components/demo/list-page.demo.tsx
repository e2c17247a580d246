// A ListPage inside the fixture element, for screenshots and render timing in a real Chromium:
// `?rows=N&path=/staff?limit=20` picks the data size and the initial list URL.
import { createElement } from 'react';
import type { ListQuery } from '@app/components/list-page';
import { StaffListDemo } from '../support/demos';
import { staffRows } from '../support/staff-list';
import { mountFixture, waitFor } from '../support/fixture';

const params = new URLSearchParams(location.search);
const rows = staffRows(Number(params.get('rows') ?? 235));
const queries: ListQuery[] = [];
const started = performance.now();
const root = await mountFixture(() => createElement(StaffListDemo, { rows, queries, delayMs: 0 }), {
  path: params.get('path') ?? '/staff?limit=20',
  authorities: ['ACTION_STAFF_ADD', 'ACTION_STAFF_EDIT', 'ACTION_STAFF_DELETE', 'ACTION_STAFF_EXPORT'],
});
await waitFor(() => root.querySelector('.mes-list-table .ant-table-row'), 'the rows', 60_000);
document.body.dataset.renderMs = String(Math.round(performance.now() - started));
document.body.dataset.ready = '1';
