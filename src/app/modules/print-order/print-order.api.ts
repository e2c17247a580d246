import { OrderProgressPaths as P, type OrderPrintData } from '@core/contracts/work-order/progress';
import { http } from '@core/http';

export const printOrderApi = {
  /** The orders (in the order asked for) with their operations and the template to print with. */
  data: (ids: string, templateId?: number) => http.get<OrderPrintData>(P.print, templateId ? { ids, templateId } : { ids }),
};
