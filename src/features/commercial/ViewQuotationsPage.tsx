import { ListView } from '@/app/ui/list/ListView';
import { QUOTATIONS_LIST } from '@/contract/commercial';
import { clients } from './clients';
import { quoteColumns, quoteFilters } from './quoteColumns';
import { QuoteTotalsBar } from './QuoteTotalsBar';
import { useCustomerOptions } from './useCustomers';

/** `/viewquotations`: every quotation with filters (status, customer, date, value), totals and export. */
export function ViewQuotationsPage() {
  const customers = useCustomerOptions();
  return (
    <>
      <QuoteTotalsBar />
      <ListView
        client={clients.quotations}
        info={QUOTATIONS_LIST}
        noun="quotation"
        plural="quotations"
        columns={quoteColumns}
        filters={quoteFilters(customers)}
        rowLabel={(q) => q.label}
        canWrite={false}
        deletable={false}
      />
    </>
  );
}
