import { Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { TextField } from '@/app/ui/Fields';
import { FormShell } from '@/app/ui/form/FormShell';
import { useResourceForm } from '@/app/ui/form/useResourceForm';
import { SapMappingInput, type SapMapping } from '@/contract/sap';
import { saveSapMapping } from './sap.client';

const orNull = (v: string) => (v.trim() ? v.trim().toUpperCase() : null);

/**
 * The SAP header values and the mapping: each FAMS cost centre to an SAP cost centre and G/L
 * account, each product to an SAP material. A row left empty stays unmapped (its dispenses are
 * listed, not posted).
 */
export function SapMappingForm({ mapping, close }: { mapping: SapMapping; close: (saved?: boolean) => void }) {
  const form = useResourceForm({
    initial: {
      settings: {
        companyCode: mapping.settings?.companyCode ?? '',
        documentType: mapping.settings?.documentType ?? 'SA',
        offsetAccount: mapping.settings?.offsetAccount ?? '',
      },
      costCentres: mapping.costCentres.map((c) => ({
        costCentreId: c.costCentreId,
        sapCostCentre: c.sapCostCentre ?? '',
        glAccount: c.glAccount ?? '',
      })),
      products: mapping.products.map((p) => ({ productId: p.productId, material: p.material ?? '' })),
    },
    toBody: (d) => ({
      settings: {
        companyCode: d.settings.companyCode.trim().toUpperCase(),
        documentType: d.settings.documentType.trim().toUpperCase(),
        offsetAccount: d.settings.offsetAccount.trim(),
      },
      costCentres: d.costCentres.map((c) => ({
        costCentreId: c.costCentreId,
        sapCostCentre: orNull(c.sapCostCentre),
        glAccount: orNull(c.glAccount),
      })),
      products: d.products.map((p) => ({ productId: p.productId, material: orNull(p.material) })),
    }),
    schema: SapMappingInput,
    save: saveSapMapping,
    onSaved: () => close(true),
    savedMessage: () => 'SAP mapping saved.',
  });
  return (
    <FormShell form={form} title="SAP mapping" onClose={() => close()}>
      <Stack gap="5">
        <SimpleGrid columns={2} gap="3">
          <TextField label="Company code" {...form.text('settings.companyCode')} />
          <TextField label="Document type" {...form.text('settings.documentType')} />
        </SimpleGrid>
        <TextField
          label="Offset G/L account"
          helper="Credited with each export's total"
          {...form.text('settings.offsetAccount')}
        />
        <Stack gap="3">
          <Heading size="sm">Cost centres</Heading>
          {mapping.costCentres.length === 0 && <Text color="fg.muted">No cost centres in this account.</Text>}
          {mapping.costCentres.map((c, i) => (
            <Stack key={c.costCentreId} gap="1">
              <Text fontWeight="medium">
                {c.code} {c.name}
              </Text>
              <SimpleGrid columns={2} gap="3">
                <TextField label={`SAP cost centre of ${c.code}`} {...form.text(`costCentres.${i}.sapCostCentre`)} />
                <TextField label={`G/L account of ${c.code}`} {...form.text(`costCentres.${i}.glAccount`)} />
              </SimpleGrid>
            </Stack>
          ))}
        </Stack>
        <Stack gap="3">
          <Heading size="sm">Products</Heading>
          {mapping.products.map((p, i) => (
            <SimpleGrid key={p.productId} columns={2} gap="3" alignItems="end">
              <Text fontWeight="medium" pb="2">
                {p.code} {p.name}
              </Text>
              <TextField label={`Material of ${p.code}`} {...form.text(`products.${i}.material`)} />
            </SimpleGrid>
          ))}
        </Stack>
      </Stack>
    </FormShell>
  );
}
