import { Button, HStack, Heading, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { TextField } from '@/app/ui/Fields';
import { FormMessage } from '@/app/ui/FormMessage';
import { SelectField } from '@/app/ui/form/fields';
import { LoadError } from '@/app/ui/QueryState';
import { MAX_PAGE_SIZE } from '@/contract/list';
import { ProductPriceCreate, type ProductPrice } from '@/contract/setup';
import { useSubmit, useZodForm, type FormSchema } from '@/lib/form';
import { notify } from '@/lib/notify';
import { numberOrNull } from '@/lib/paths';
import { storeOptions } from '@/lib/reference/labels';
import { useReference } from '@/lib/reference/query';
import { clients } from '../clients';

const client = clients.productPrices;

type Draft = Record<'productId' | 'storeId' | 'effectiveFrom' | 'price', string>;
const toBody = (d: Draft) => ({ ...d, storeId: d.storeId || null, price: numberOrNull(d.price) });
/** The contract's check on the body the inputs make (text → number, empty store → all stores). */
const schema: FormSchema = {
  '~standard': { validate: (v) => ProductPriceCreate['~standard'].validate(toBody(v as Draft)) },
};

/**
 * The dated prices of one product, under its form (issue 13, ADR 035): the cost of a dispense is
 * the price in force on its store-local day — the store's own price if one has started, else the
 * all-stores one, else the list price above. Each add or delete is its own audited write.
 */
export function ProductPrices({ productId }: { productId: string }) {
  const queryKey = [client.path, 'list', { productId }];
  const qc = useQueryClient();
  const { data: ref } = useReference();
  const prices = useQuery({
    queryKey,
    queryFn: ({ signal }) =>
      client.list({ 'f.productId': productId, sort: '-effectiveFrom', page: 1, pageSize: MAX_PAGE_SIZE }, signal),
  });
  const form = useZodForm(schema, { productId, storeId: '', effectiveFrom: '', price: '' });
  const add = useSubmit({
    check: form.validate,
    run: async () => {
      await client.create(toBody(form.values));
      await qc.invalidateQueries({ queryKey });
      notify({ tone: 'success', message: 'Price added' });
    },
    fieldErrors: form.setServerErrors,
  });
  const remove = async (p: ProductPrice) => {
    try {
      await client.remove(p.id, p.version);
      await qc.invalidateQueries({ queryKey });
    } catch (err) {
      add.setMessage({ tone: 'danger', text: err instanceof Error ? err.message : String(err) });
    }
  };
  const rows = prices.data?.items ?? [];
  return (
    <Stack gap="3" mt="6" as="section" aria-label="Prices by date">
      <Heading size="sm">Prices by date</Heading>
      <Text fontSize="sm" color="fg.muted">
        A store's own price wins over the all-stores price; before the first date, the price per unit above applies.
      </Text>
      {prices.isError ? (
        <LoadError what="The prices" message={prices.error.message} onRetry={() => prices.refetch()} />
      ) : rows.length ? (
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>From</Table.ColumnHeader>
              <Table.ColumnHeader>Store</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Price per unit</Table.ColumnHeader>
              <Table.ColumnHeader />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((p) => (
              <Table.Row key={p.id}>
                <Table.Cell>{p.effectiveFrom}</Table.Cell>
                <Table.Cell>{p.storeName ?? 'All stores'}</Table.Cell>
                <Table.Cell textAlign="end">{p.price.toFixed(4)}</Table.Cell>
                <Table.Cell textAlign="end">
                  <Button
                    type="button"
                    size="xs"
                    variant="ghost"
                    onClick={() => remove(p)}
                    aria-label={`Delete price from ${p.effectiveFrom}`}
                  >
                    Delete
                  </Button>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      ) : (
        !prices.isPending && <Text fontSize="sm">No dated prices yet.</Text>
      )}
      <FormMessage message={add.message} />
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
        <SelectField label="Store" placeholder="All stores" options={storeOptions(ref)} {...form.field('storeId')} />
        <TextField label="From" type="date" {...form.field('effectiveFrom')} />
        <TextField label="Price per unit" inputMode="decimal" {...form.field('price')} />
      </SimpleGrid>
      <HStack>
        <Button type="button" size="sm" variant="outline" loading={add.busy} onClick={() => add.submit()}>
          Add price
        </Button>
      </HStack>
    </Stack>
  );
}
