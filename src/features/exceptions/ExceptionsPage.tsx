import { Button, Flex, IconButton, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { LuEye, LuMail, LuSlidersHorizontal } from 'react-icons/lu';
import { useRoles } from '@/app/access';
import { FormDrawer } from '@/app/ui/form/FormShell';
import { filtersIn } from '@/app/ui/list/listSearch';
import { ListView } from '@/app/ui/list/ListView';
import { EXCEPTION_LISTS } from '@/contract/exceptions';
import { useReference } from '@/lib/reference/query';
import { EXCEPTION_KEYS, exceptionClients, exceptionsApi } from './client';
import { openColumns } from './columns';
import { ExceptionDetail } from './ExceptionDetail';
import { openFilters } from './filters';
import { rowLabel } from './present';
import { ResolveForm } from './ResolveForm';
import { RulesForm } from './RulesForm';
import { SubscriptionsForm } from './SubscriptionsForm';
import { satisfies } from '@/contract/access';
import { useExceptionDrawer } from './useExceptionDrawer';

const info = EXCEPTION_LISTS.open;

/** The list's filters and search as the bulk resolve sends them (the list protocol's own keys). */
function matchingQuery(search: ReturnType<typeof useExceptionDrawer>['search']): Record<string, string> {
  const out: Record<string, string> = Object.fromEntries(
    Object.entries(filtersIn(search)).map(([k, v]) => [`f.${k}`, v]),
  );
  if (search.q) out.q = search.q;
  return out;
}

/**
 * `/Exceptions`: every unresolved exception of the account, newest first, worked from a drawer
 * (acknowledge, assign, comment, resolve); "Resolve all matching" settles a filtered set at once.
 */
export function ExceptionsPage() {
  const { data: ref } = useReference();
  const drawer = useExceptionDrawer();
  const count = useQuery({ queryKey: EXCEPTION_KEYS.count, queryFn: ({ signal }) => exceptionsApi.count(signal) });
  const assignees = useQuery({
    queryKey: EXCEPTION_KEYS.assignees,
    queryFn: ({ signal }) => exceptionsApi.assignees(signal),
    staleTime: 60_000,
  });
  const filters = openFilters(
    ref,
    (assignees.data?.items ?? []).map((u) => ({ value: String(u.id), label: u.name })),
  );
  const query = matchingQuery(drawer.search);
  const filtered = Object.keys(query).length > 0;
  const admin = satisfies(useRoles(), 'admin');
  return (
    <>
      <Flex gap="3" align="center" wrap="wrap" mb="3" aria-live="polite">
        <Text fontWeight="semibold">
          {count.data ? `${count.data.open} unresolved · ${count.data.critical} critical` : 'Counting…'}
        </Text>
        <Button size="sm" variant="outline" ms="auto" disabled={!count.data?.open} onClick={drawer.resolveMatching}>
          {filtered ? 'Resolve all matching…' : 'Resolve all…'}
        </Button>
        <Button size="sm" variant="outline" onClick={() => drawer.openPanel('emails')}>
          <LuMail aria-hidden /> My e-mails
        </Button>
        {admin && (
          <Button size="sm" variant="outline" onClick={() => drawer.openPanel('rules')}>
            <LuSlidersHorizontal aria-hidden /> Rules
          </Button>
        )}
      </Flex>
      <ListView
        client={exceptionClients.open}
        info={info}
        noun="exception"
        plural="exceptions"
        columns={openColumns}
        filters={filters}
        rowLabel={rowLabel}
        canWrite={false}
        deletable={false}
        extraActions={(r) => (
          <IconButton size="xs" variant="ghost" aria-label={`Open ${rowLabel(r)}`} onClick={() => drawer.open(r.id)}>
            <LuEye aria-hidden />
          </IconButton>
        )}
      />
      <FormDrawer
        open={!!drawer.openId || !!drawer.resolveId || drawer.resolvingMatching || !!drawer.panel}
        onClose={() => drawer.close()}
        size="lg"
      >
        {drawer.panel === 'rules' && admin ? (
          <RulesForm onClose={(saved) => drawer.close(saved)} />
        ) : drawer.panel === 'emails' ? (
          <SubscriptionsForm onClose={(saved) => drawer.close(saved)} />
        ) : drawer.resolveId ? (
          <ResolveForm
            key={`r${drawer.resolveId}`}
            title="Resolve exception"
            submitLabel="Resolve"
            intro="It leaves the working list and goes to the history, with your reason."
            save={async (reason, text) => {
              await exceptionsApi.resolve(drawer.resolveId!, reason, text);
              return 'Exception resolved.';
            }}
            close={(saved) => (saved ? drawer.close(true) : drawer.back())}
          />
        ) : drawer.resolvingMatching ? (
          <ResolveForm
            key="matching"
            title={filtered ? 'Resolve all matching exceptions' : 'Resolve all exceptions'}
            submitLabel="Resolve all"
            intro={
              filtered
                ? 'Every unresolved exception that the filters and search of the list match is resolved with this reason.'
                : `All ${count.data?.open ?? ''} unresolved exceptions of the account are resolved with this reason.`
            }
            save={async (reason, text) => {
              const r = await exceptionsApi.resolveMatching(query, reason, text);
              return `${r.resolved} exceptions resolved.`;
            }}
            close={(saved) => drawer.close(saved)}
          />
        ) : drawer.openId ? (
          <ExceptionDetail key={drawer.openId} id={drawer.openId} onResolve={drawer.resolve} />
        ) : null}
      </FormDrawer>
    </>
  );
}
