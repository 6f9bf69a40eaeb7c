import { Alert, Button, Flex, RadioGroup, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { LoadError } from '@/app/ui/QueryState';
import { useState } from 'react';
import { LuCopy, LuEye } from 'react-icons/lu';
import { FormMessage, type FormMessageValue } from '@/app/ui/FormMessage';
import { SelectField } from '@/app/ui/form/fields';
import { refreshAll } from '@/app/ui/list/useList';
import { COPY_MAX_EQUIPMENT, type CopyPlan, type CopyRequest, type CopyResult } from '@/contract/equipment-copy';
import { ApiError } from '@/lib/api';
import { notify } from '@/lib/notify';
import { copyApi } from './client';
import { CopyPlanView } from './CopyPlanView';
import { EquipmentPicker, type Picked } from './EquipmentPicker';
import { Section } from '@/app/ui/Section';
import { codedLabel } from '@/lib/reference/labels';

/**
 * `/Equipmentcopy`: pick equipment, a target store (and, for ThebigBoss, another account), see
 * what the copy would create, then copy it all in one transaction.
 */
export function EquipmentCopyPage() {
  const targets = useQuery({
    queryKey: ['equipment-copy', 'targets'],
    queryFn: ({ signal }) => copyApi.targets(signal),
  });
  const accounts = targets.data?.accounts ?? [];
  const [picked, setPicked] = useState<Picked>(new Map());
  const [accountId, setAccountId] = useState<string>('');
  const [storeId, setStoreId] = useState('');
  const [onClash, setOnClash] = useState<'suffix' | 'skip'>('suffix');
  const [plan, setPlan] = useState<CopyPlan | null>(null);
  const [result, setResult] = useState<CopyResult | null>(null);
  const [busy, setBusy] = useState<'preview' | 'copy' | null>(null);
  const [message, setMessage] = useState<FormMessageValue | null>(null);

  const account = accounts.find((a) => String(a.id) === accountId) ?? accounts.find((a) => a.current);
  const changed =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPlan(null);
      setResult(null);
      setMessage(null);
    };

  const request = (): CopyRequest => ({
    equipmentIds: [...picked.keys()],
    targetStoreId: storeId,
    onClash,
    ...(account && !account.current ? { targetAccountId: account.id } : {}),
  });
  const act = async (what: 'preview' | 'copy') => {
    if (!picked.size || !storeId)
      return setMessage({ tone: 'warning', text: 'Choose the equipment and the target store.' });
    setBusy(what);
    setMessage(null);
    try {
      if (what === 'preview') setPlan(await copyApi.preview(request()));
      else {
        const r = await copyApi.copy(request());
        setResult(r);
        setPlan(null);
        setPicked(new Map());
        notify({ tone: 'success', message: `${r.created.length} equipment copied.` });
        void refreshAll();
      }
    } catch (e) {
      const fields = e instanceof ApiError ? Object.values(e.fieldErrors).flat().slice(0, 3).join(' ') : '';
      setMessage({
        tone: 'danger',
        text: `${e instanceof Error ? e.message : String(e)}${fields && !String(e).includes(fields) ? ` ${fields}` : ''}`,
      });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="4">
      <Section title="Equipment to copy">
        <EquipmentPicker picked={picked} onChange={changed(setPicked)} />
      </Section>
      <Section title="Copy to">
        {targets.isError && (
          <LoadError
            what="The target stores"
            message={targets.error.message}
            onRetry={() => void targets.refetch()}
            retrying={targets.isFetching}
          />
        )}
        <SimpleGrid columns={{ base: 1, md: accounts.length > 1 ? 2 : 1 }} gap="4" maxW="3xl">
          {accounts.length > 1 && (
            <SelectField
              label="Account"
              value={account ? String(account.id) : ''}
              onChange={(v) => {
                changed(setAccountId)(v);
                setStoreId('');
              }}
              options={accounts.map((a) => ({
                value: String(a.id),
                label: a.current ? `${a.name} (this account)` : a.name,
              }))}
            />
          )}
          <SelectField
            label="Target store"
            value={storeId}
            onChange={changed(setStoreId)}
            placeholder="Choose…"
            options={(account?.stores ?? []).map((s) => ({ value: s.id, label: codedLabel(s) }))}
          />
        </SimpleGrid>
        <RadioGroup.Root value={onClash} onValueChange={(e) => changed(setOnClash)(e.value as 'suffix' | 'skip')}>
          <RadioGroup.Label fontWeight="medium" mb="2" display="block">
            When the fleet no. is already in use at the target
          </RadioGroup.Label>
          <Flex gap="5" wrap="wrap">
            {(
              [
                ['suffix', 'Copy with a suffix (-2, -3, …)'],
                ['skip', 'Skip that equipment'],
              ] as const
            ).map(([v, label]) => (
              <RadioGroup.Item key={v} value={v}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>{label}</RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </Flex>
        </RadioGroup.Root>
        <Text fontSize="sm" color="fg.muted">
          Copies get the target store as home store and bring their allocations, moved to that store. Types, cost
          centres and products are matched by code in the target account. Tags are not copied. Up to{' '}
          {COPY_MAX_EQUIPMENT} equipment at a time.
        </Text>
        <FormMessage message={message} />
        <Flex gap="3" wrap="wrap">
          <Button variant="outline" onClick={() => void act('preview')} loading={busy === 'preview'} disabled={!!busy}>
            <LuEye aria-hidden /> Preview
          </Button>
          <Button
            onClick={() => void act('copy')}
            loading={busy === 'copy'}
            loadingText="Copying"
            disabled={!!busy || !plan || plan.summary.equipment === 0}
          >
            <LuCopy aria-hidden /> Copy
          </Button>
        </Flex>
        {plan && <CopyPlanView plan={plan} />}
        {result && (
          <Stack gap="3">
            <Alert.Root status="success" role="status">
              <Alert.Indicator />
              <Alert.Title>
                Copied {result.created.length} equipment: {result.created.map((c) => c.fleetNo).join(', ')}
              </Alert.Title>
            </Alert.Root>
            <CopyPlanView plan={result} done />
          </Stack>
        )}
      </Section>
    </Stack>
  );
}
