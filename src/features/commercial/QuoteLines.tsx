import { Box, Button, Grid, IconButton, Text } from '@chakra-ui/react';
import { LuPlus, LuTrash2 } from 'react-icons/lu';
import { TextField } from '@/app/ui/Fields';
import { SelectField } from '@/app/ui/form/fields';
import { formatCents, type CatalogueItem, type LineAmounts } from '@/contract/commercial';
import { blankLine, lineFromItem, type LineDraft } from './quoteDraft';

interface Props {
  lines: LineDraft[];
  amounts: (LineAmounts | null)[];
  catalogue: CatalogueItem[];
  set: (path: string, value: unknown) => void;
  text: (path: string) => { value: string; onChange: (v: string) => void; onBlur: () => void; error?: string };
  error: (path: string) => string | undefined;
  readOnly: boolean;
}

/** The quotation's lines: a price-list item or a free line, quantity, price, discount, VAT, line total. */
export function QuoteLines({ lines, amounts, catalogue, set, text, error, readOnly }: Props) {
  const options = [
    { value: '', label: 'Free line' },
    ...catalogue.map((c) => ({ value: c.id, label: `${c.code} — ${c.name}` })),
  ];
  const pick = (i: number, id: string) => {
    const item = catalogue.find((c) => c.id === id);
    set(`lines.${i}`, item ? lineFromItem(item, lines[i]) : { ...lines[i], catalogueItemId: '' });
  };
  return (
    <Box>
      {lines.map((l, i) => {
        const n = i + 1;
        return (
          <Grid
            key={i}
            role="group"
            aria-label={`Line ${n}`}
            templateColumns={{ base: '1fr', md: '2fr 3fr 1fr 1fr 1.2fr 1fr 1fr 1.2fr auto' }}
            gap="2"
            alignItems="end"
            borderBottomWidth="1px"
            py="2"
          >
            <SelectField
              label={`Line ${n} item`}
              options={options}
              value={l.catalogueItemId}
              onChange={(v) => pick(i, v)}
              disabled={readOnly}
            />
            <TextField label={`Line ${n} description`} readOnly={readOnly} {...text(`lines.${i}.description`)} />
            <TextField label={`Line ${n} unit`} readOnly={readOnly} {...text(`lines.${i}.unit`)} />
            <TextField
              label={`Line ${n} quantity`}
              inputMode="decimal"
              readOnly={readOnly}
              {...text(`lines.${i}.quantity`)}
            />
            <TextField
              label={`Line ${n} unit price`}
              inputMode="decimal"
              readOnly={readOnly}
              {...text(`lines.${i}.unitPrice`)}
              error={error(`lines.${i}.unitPriceCents`)}
            />
            <TextField
              label={`Line ${n} discount %`}
              inputMode="decimal"
              readOnly={readOnly}
              {...text(`lines.${i}.discountPct`)}
            />
            <TextField
              label={`Line ${n} VAT %`}
              inputMode="decimal"
              readOnly={readOnly}
              {...text(`lines.${i}.vatPct`)}
            />
            <Box textAlign="right" pb="2">
              <Text fontSize="xs" color="fg.muted">
                Line total
              </Text>
              <Text fontWeight="medium" aria-label={`Line ${n} total`}>
                {amounts[i] ? formatCents(amounts[i].totalCents) : '—'}
              </Text>
            </Box>
            {!readOnly && (
              <IconButton
                size="xs"
                variant="ghost"
                colorPalette="red"
                aria-label={`Remove line ${n}`}
                disabled={lines.length === 1}
                onClick={() =>
                  set(
                    'lines',
                    lines.filter((_, j) => j !== i),
                  )
                }
              >
                <LuTrash2 aria-hidden />
              </IconButton>
            )}
          </Grid>
        );
      })}
      {!readOnly && (
        <Button size="sm" variant="outline" mt="2" onClick={() => set('lines', [...lines, blankLine()])}>
          <LuPlus aria-hidden /> Add line
        </Button>
      )}
    </Box>
  );
}
