import { IconButton } from '@chakra-ui/react';
import { LuEye } from 'react-icons/lu';
import { FormDrawer } from '@/app/ui/form/FormShell';
import { ListView } from '@/app/ui/list/ListView';
import { EXCEPTION_LISTS } from '@/contract/exceptions';
import { useReference } from '@/lib/reference/query';
import { exceptionClients } from './client';
import { historyColumns } from './columns';
import { ExceptionDetail } from './ExceptionDetail';
import { historyFilters } from './filters';
import { rowLabel } from './present';
import { useExceptionDrawer } from './useExceptionDrawer';

/** `/ExceptionHistory`: resolved exceptions — who, when, why, how long it took; reopen from the drawer. */
export function ExceptionHistoryPage() {
  const { data: ref } = useReference();
  const drawer = useExceptionDrawer();
  return (
    <>
      <ListView
        client={exceptionClients.history}
        info={EXCEPTION_LISTS.history}
        noun="resolved exception"
        plural="resolved exceptions"
        columns={historyColumns}
        filters={historyFilters(ref)}
        rowLabel={rowLabel}
        canWrite={false}
        deletable={false}
        extraActions={(r) => (
          <IconButton size="xs" variant="ghost" aria-label={`Open ${rowLabel(r)}`} onClick={() => drawer.open(r.id)}>
            <LuEye aria-hidden />
          </IconButton>
        )}
      />
      <FormDrawer open={!!drawer.openId} onClose={() => drawer.close()} size="lg">
        {drawer.openId && <ExceptionDetail key={drawer.openId} id={drawer.openId} onResolve={drawer.resolve} />}
      </FormDrawer>
    </>
  );
}
