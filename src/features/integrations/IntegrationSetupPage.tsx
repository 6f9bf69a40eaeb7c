import { Badge, Button, Card, Flex, Heading, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCanWrite } from '@/app/access';
import { CheckboxGroupField, SwitchField } from '@/app/ui/form/fields';
import { FormMessage } from '@/app/ui/FormMessage';
import { LoadError, Loading } from '@/app/ui/QueryState';
import { IntegrationTypeSettings, type IntegrationTypeInfo } from '@/contract/integrations';
import { useSubmit } from '@/lib/form';
import { notify } from '@/lib/notify';
import { enumOptions } from '@/lib/reference/labels';
import { queryClient } from '@/lib/query';
import { integrationTypes, saveIntegrationType } from './integrations.client';

const QUERY_KEY = ['integration-types'];

/**
 * `/IntegrationSetup` (ThebigBoss, ADR 048): the integration types FAMS offers — what each does and
 * its settings — switched on or off, and offered to every account type or only some. A type not
 * offered cannot be chosen for a new integration; existing ones keep running until disabled on
 * `/ManageIntegration`.
 */
export function IntegrationSetupPage() {
  const query = useQuery({ queryKey: QUERY_KEY, queryFn: ({ signal }) => integrationTypes(signal) });
  if (query.error)
    return (
      <LoadError what="The integration types" message={query.error.message} onRetry={() => void query.refetch()} />
    );
  if (!query.data) return <Loading label="Loading the integration types" />;
  const { items, accountTypes } = query.data;
  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
      {items.map((t) => (
        <TypeCard key={`${t.type}:${t.enabled}:${t.accountTypes?.join()}`} info={t} accountTypes={accountTypes} />
      ))}
    </SimpleGrid>
  );
}

function TypeCard({ info, accountTypes }: { info: IntegrationTypeInfo; accountTypes: string[] }) {
  const canWrite = useCanWrite('/IntegrationSetup');
  const [enabled, setEnabled] = useState(info.enabled);
  const [types, setTypes] = useState<string[]>(info.accountTypes ?? []);
  const body = { enabled, accountTypes: types.length ? types : null };
  const dirty = enabled !== info.enabled || JSON.stringify(body.accountTypes) !== JSON.stringify(info.accountTypes);
  const { busy, message, submit } = useSubmit({
    check: () => IntegrationTypeSettings.safeParse(body).success,
    run: async () => {
      await saveIntegrationType(info.type, body);
      notify({ tone: 'success', message: `${info.title}: saved.` });
      await queryClient.invalidateQueries({ queryKey: QUERY_KEY });
    },
  });
  return (
    <Card.Root data-testid={`integration-type-${info.type}`}>
      <Card.Body>
        <Stack gap="3">
          <Flex justify="space-between" align="center" gap="2" wrap="wrap">
            <Heading size="md">{info.title}</Heading>
            <Flex gap="2">
              {!info.ready && <Badge colorPalette="orange">Not built yet</Badge>}
              <Badge colorPalette={info.enabled ? 'green' : 'gray'}>{info.enabled ? 'Offered' : 'Switched off'}</Badge>
              <Badge>{info.instances} in use</Badge>
            </Flex>
          </Flex>
          <Text>{info.description}</Text>
          <Stack gap="1">
            <Text fontWeight="medium">Settings of an integration of this type</Text>
            <List.Root ps="5">
              {info.settings.map((s) => (
                <List.Item key={s}>{s}</List.Item>
              ))}
            </List.Root>
          </Stack>
          {canWrite && (
            <form onSubmit={(e) => void submit(e)} aria-label={`${info.title} settings`}>
              <Stack gap="3">
                <SwitchField label={`Offer ${info.title.toLowerCase()}`} checked={enabled} onChange={setEnabled} />
                <CheckboxGroupField
                  legend="Account types"
                  helper="None ticked: every account type"
                  options={enumOptions([...new Set([...accountTypes, ...types])])}
                  value={types}
                  onChange={setTypes}
                />
                <FormMessage message={message} />
                <Flex justify="end">
                  <Button type="submit" size="sm" loading={busy} disabled={!dirty}>
                    Save
                  </Button>
                </Flex>
              </Stack>
            </form>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
