import { sql, type SqlBool } from 'kysely';
import { WorkOrderAuthorities as A } from '@core/access/authorities/work-order';
import { DONE_ORDER_STATUSES, type HomeOrderFigures } from '@core/contracts/work-order/progress';
import type { Db } from '../../db';
import { formatDate } from '../../lib/datetime';
import { inScope } from '../../lib/scoped';
import type { Scope, Session } from '../../plugins/auth';
import { mayReviewReports } from '../work-report';
import { weekOf } from './calendar';

/** The order figures of the /home tiles, each only for a user who may open the list it counts. */
export class HomeFiguresService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  async orderFigures(session: Session, scope: Scope): Promise<HomeOrderFigures> {
    const now = this.now();
    const today = formatDate(now);
    const { weekStart, weekEnd } = weekOf(now);
    const codes = new Set(await session.authorities());
    const figures: HomeOrderFigures = { today, weekStart, weekEnd, dueToday: null, dueThisWeek: null, overdue: null, pendingReviews: null };
    if (codes.has(A.processProgress)) {
      const counted = (condition: ReturnType<typeof sql<SqlBool>>) => sql<number>`count(*) filter (where ${condition})::int`;
      const row = await this.db
        .selectFrom('production_order as o')
        .select([
          counted(sql`o.delivery_date = ${today}::date`).as('dueToday'),
          counted(sql`o.delivery_date between ${weekStart}::date and ${weekEnd}::date`).as('dueThisWeek'),
          counted(sql`o.delivery_date < ${today}::date`).as('overdue'),
        ])
        .where(inScope(scope, 'o'))
        .where('o.revoked', '=', false)
        .where('o.status', 'not in', DONE_ORDER_STATUSES)
        .executeTakeFirstOrThrow();
      Object.assign(figures, row);
    }
    // The page 报工审核 and its audit action: what the audit route itself requires.
    if (await mayReviewReports(this.db, scope, codes.has(A.review) && codes.has(A.reviewAudit))) {
      const { pending } = await this.db
        .selectFrom('work_report as r')
        .select(sql<number>`count(*)::int`.as('pending'))
        .where(inScope(scope, 'r'))
        .where('r.audit_state', '=', 1)
        .executeTakeFirstOrThrow();
      figures.pendingReviews = pending;
    }
    return figures;
  }
}
