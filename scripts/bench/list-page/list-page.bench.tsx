// Bench page of `npm run bench` section "ui" (built for production by scripts/bench/list-page-render.mjs):
// the staff ListPage demo inside a module element, asked for one page of `?rows` rows. It records
// when the data reaches the ListPage (its fetch resolves) and when the first row of that data is
// painted, in `document.body.dataset` (arrivedMs, paintedMs, renderMs, domRows).
import { useState } from 'react';
import { ListPage, type ListSpec } from '@app/components/list-page';
import type { PageResult } from '@core/contracts/common';
import { mountFixture, waitFor } from '../../../tests/browser/components/support/fixture';
import { staffListSpec, staffRows, type StaffRow } from '../../../tests/browser/components/support/staff-list';

const params = new URLSearchParams(location.search);
const count = Number(params.get('rows') ?? 1000);
const rows = staffRows(count);
let arrivedAt = 0;
let painted: Promise<number> | null = null;
let root: ShadowRoot | null = null;

const firstRowText = () => root?.querySelector('.mes-list-table .ant-table-row')?.textContent ?? '';

/**
 * Resolves with the time just after the first frame that paints a row showing `name`: checked once
 * per frame before its paint, and a task queued from that frame's callback runs after the paint.
 */
function paintOf(name: string): Promise<number> {
  return new Promise((resolve) => {
    const check = () => {
      if (firstRowText().includes(name)) setTimeout(() => resolve(performance.now()), 0);
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}

/** The demo's spec whose fetch notes the moment the data is handed to the ListPage. */
function benchSpec(): ListSpec<StaffRow> {
  const spec = staffListSpec({ rows, queries: [], delayMs: 0 });
  const fetchRows = spec.fetch;
  return {
    ...spec,
    fetch: async (query): Promise<PageResult<StaffRow>> => {
      const page = await fetchRows(query);
      arrivedAt = performance.now();
      painted = paintOf(page.list[0]!.name);
      document.body.dataset.rows = String(page.list.length);
      return page;
    },
  };
}

function BenchList() {
  const [spec] = useState(benchSpec);
  return <ListPage spec={spec} />;
}

root = await mountFixture(() => <BenchList />, {
  path: `/staff?limit=${count}`,
  authorities: ['ACTION_STAFF_ADD', 'ACTION_STAFF_EDIT', 'ACTION_STAFF_DELETE', 'ACTION_STAFF_EXPORT'],
});
const paintedAt = await waitFor(() => painted, 'the data', 60_000);
document.body.dataset.arrivedMs = String(arrivedAt);
document.body.dataset.paintedMs = String(paintedAt);
document.body.dataset.renderMs = String(Math.round(paintedAt - arrivedAt));
document.body.dataset.domRows = String(root.querySelectorAll('.mes-list-table .ant-table-row').length);
document.body.dataset.ready = '1';
