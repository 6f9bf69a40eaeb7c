import { specColumns, type ListColumn } from '@/app/ui/list/columns';
import { ListView } from '@/app/ui/list/ListView';
import { shiftMonth } from '@/contract/calendar';
import {
  SUBSCRIPTION_REPORT_COLUMNS,
  SUBSCRIPTION_REPORT_LIST,
  type SubscriptionReportRow,
} from '@/contract/subscriptions';
import { subscriptionsApi } from './client';

const columns: ListColumn<SubscriptionReportRow>[] = specColumns(SUBSCRIPTION_REPORT_COLUMNS);
const thisMonth = () => new Date().toISOString().slice(0, 7);
/** The report covers the last 12 months. */
const months = () =>
  Array.from({ length: 12 }, (_, i) => shiftMonth(thisMonth(), -i)).map((m) => ({ value: m, label: m }));

/** `/SubscriptionReport` (ThebigBoss): usage and billable figures per account per month; CSV/XLSX export. */
export function SubscriptionReportPage() {
  return (
    <ListView
      client={subscriptionsApi.report}
      info={SUBSCRIPTION_REPORT_LIST}
      noun="row"
      plural="rows"
      columns={columns}
      filters={[{ field: 'month', label: 'Month', options: months() }]}
      rowLabel={(r) => `${r.accountName} ${r.month}`}
      canWrite={false}
      deletable={false}
    />
  );
}
