import { Box, Button, Flex, Heading, IconButton, Image, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { LuImageUp, LuPencil, LuPlus, LuTrash2 } from 'react-icons/lu';
import { useResourceForm } from '@/app/ui/form/useResourceForm';
import { FormDrawer, FormShell } from '@/app/ui/form/FormShell';
import { TextField } from '@/app/ui/Fields';
import { TextareaField } from '@/app/ui/form/fields';
import { LoadError, Loading } from '@/app/ui/QueryState';
import { Section } from '@/app/ui/Section';
import { AccountCardFields, LOGO_MAX_BYTES, type AccountCard } from '@/contract/account-card';
import { notify } from '@/lib/notify';
import { accountCardApi } from './client';
import { MapStyleSection } from './MapStyleSection';

const CARD_KEY = ['admin', 'account-card'] as const;
const ADDRESS_FIELDS = [
  ['street', 'Street'],
  ['city', 'City'],
  ['postalCode', 'Postal code'],
  ['country', 'Country'],
] as const;

/**
 * `/AccountCard` (admin): the account's company details, addresses, bank details, contacts and logo — the
 * letterhead of quotations and report PDFs (ADR 080) — and the map style of its maps.
 */
export function AccountCardPage() {
  const q = useQuery({ queryKey: CARD_KEY, queryFn: ({ signal }) => accountCardApi.get(signal) });
  if (q.error) return <LoadError what="The account card" message={q.error.message} onRetry={() => void q.refetch()} />;
  if (!q.data) return <Loading label="Loading the account card" />;
  return <CardView card={q.data} />;
}

const addressLine = (a: AccountCard['billingAddress']) =>
  [a.street, a.city, a.postalCode, a.country].filter(Boolean).join(', ') || '—';

function CardView({ card }: { card: AccountCard }) {
  const [editing, setEditing] = useState(false);
  const rows: [string, string][] = [
    ['Company name', card.companyName],
    ['Legal name', card.legalName],
    ['Registration number', card.registrationNumber],
    ['VAT number', card.vatNumber],
    ['Phone', card.phone],
    ['E-mail', card.email],
    ['Website', card.website],
    ['Postal address (letterhead)', card.postalAddress],
    ['Billing address', addressLine(card.billingAddress)],
    ['Site address', addressLine(card.siteAddress)],
  ];
  const bankRows: [string, string][] = [
    ['Bank', card.bank.bankName],
    ['Account name', card.bank.accountName],
    ['Account number', card.bank.accountNumber],
    ['Branch, IBAN, SWIFT …', card.bank.other],
  ];
  return (
    <Stack gap="4">
      <Logo card={card} />
      <Section
        title="Company"
        action={
          <Button size="sm" onClick={() => setEditing(true)}>
            <LuPencil aria-hidden /> Edit card
          </Button>
        }
      >
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="2">
          {rows.map(([k, v]) => (
            <Box key={k}>
              <Text fontSize="sm" color="fg.muted">
                {k}
              </Text>
              <Text whiteSpace="pre-line">{v || '—'}</Text>
            </Box>
          ))}
        </SimpleGrid>
      </Section>
      <Section title="Bank details">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="2">
          {bankRows.map(([k, v]) => (
            <Box key={k}>
              <Text fontSize="sm" color="fg.muted">
                {k}
              </Text>
              <Text whiteSpace="pre-line">{v || '—'}</Text>
            </Box>
          ))}
        </SimpleGrid>
      </Section>
      <Section title="Contacts">
        {card.contacts.length === 0 ? (
          <Text>No contacts yet.</Text>
        ) : (
          <Stack gap="1">
            {card.contacts.map((c, i) => (
              <Text key={i}>{[c.name, c.role, c.email, c.phone].filter(Boolean).join(' · ')}</Text>
            ))}
          </Stack>
        )}
      </Section>
      <MapStyleSection />
      <FormDrawer open={editing} onClose={() => setEditing(false)} size="lg">
        {editing && <CardForm card={card} close={() => setEditing(false)} />}
      </FormDrawer>
    </Stack>
  );
}

/** The image as a data: URL (nothing to revoke when the query's cache lets it go). */
const dataUrl = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error ?? new Error('The logo could not be read.'));
    r.readAsDataURL(blob);
  });

function Logo({ card }: { card: AccountCard }) {
  const client = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const logo = useQuery({
    queryKey: [...CARD_KEY, 'logo', card.hasLogo],
    queryFn: async ({ signal }) => dataUrl(await accountCardApi.logo(signal)),
    enabled: card.hasLogo,
  });
  const url = card.hasLogo ? logo.data : undefined;
  const run = async (p: Promise<AccountCard>, done: string) => {
    setBusy(true);
    try {
      client.setQueryData(CARD_KEY, await p);
      notify({ tone: 'success', message: done });
    } catch (e) {
      notify({ tone: 'danger', title: 'Not done', message: e instanceof Error ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Section title="Logo">
      <Flex gap="4" align="center" wrap="wrap">
        <Box borderWidth="1px" rounded="md" p="2" minW="40" minH="20" bg="white">
          {url ? (
            <Image src={url} alt={`Logo of ${card.accountName}`} maxH="20" />
          ) : (
            <Text color="fg.muted">No logo</Text>
          )}
        </Box>
        <Stack gap="2">
          <Text fontSize="sm">
            PNG, JPEG or WebP, at most {LOGO_MAX_BYTES / 1024 / 1024} MB. It is printed on quotations and report PDFs.
          </Text>
          <Flex gap="2">
            <Button size="sm" variant="outline" disabled={busy} onClick={() => input.current?.click()}>
              <LuImageUp aria-hidden /> Upload logo
            </Button>
            {card.hasLogo && (
              <Button
                size="sm"
                variant="ghost"
                disabled={busy}
                onClick={() => void run(accountCardApi.removeLogo(), 'Logo removed.')}
              >
                <LuTrash2 aria-hidden /> Remove logo
              </Button>
            )}
          </Flex>
          <input
            ref={input}
            type="file"
            accept="image/png,image/jpeg,image/webp"
            aria-label="Logo file"
            hidden
            onChange={(e) => {
              const f = e.target.files?.[0];
              e.target.value = '';
              if (f) void run(accountCardApi.upload(f), 'Logo saved.');
            }}
          />
        </Stack>
      </Flex>
    </Section>
  );
}

type Draft = Omit<AccountCard, 'accountName' | 'hasLogo'>;

function CardForm({ card, close }: { card: AccountCard; close: () => void }) {
  const client = useQueryClient();
  const { accountName: _n, hasLogo: _l, ...initial } = card;
  const form = useResourceForm<Draft, AccountCard>({
    initial,
    toBody: (v) => v,
    schema: AccountCardFields,
    save: (body) => accountCardApi.save(body as AccountCardFields),
    onSaved: (saved) => {
      client.setQueryData(CARD_KEY, saved);
      close();
    },
    savedMessage: () => 'Account card saved.',
  });
  const contacts = form.get('contacts') as Draft['contacts'];
  return (
    <FormShell form={form} title={`Account card of ${card.accountName}`} onClose={close}>
      <Text fontSize="sm" color="fg.muted">
        The letterhead of quotations and report PDFs: names, postal address, numbers, contact and bank details.
      </Text>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <TextField label="Company name" helper="The name you trade under" {...form.text('companyName')} />
        <TextField label="Legal name" helper="As registered, e.g. … (Pty) Ltd" {...form.text('legalName')} />
        <TextField label="Registration number" {...form.text('registrationNumber')} />
        <TextField label="VAT number" {...form.text('vatNumber')} />
        <TextField label="Phone" type="tel" {...form.text('phone')} />
        <TextField label="E-mail" type="email" {...form.text('email')} />
        <TextField label="Website" helper="Its address, e.g. www.demofuels.co.za" {...form.text('website')} />
      </SimpleGrid>
      <TextareaField
        label="Postal address"
        helper="As on an envelope, one line each (at most 6). Empty: the billing address."
        rows={4}
        {...form.text('postalAddress')}
      />
      <Box>
        <Heading as="h3" size="sm" mb="2">
          Bank details
        </Heading>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <TextField label="Bank" {...form.text('bank.bankName')} />
          <TextField label="Account name" {...form.text('bank.accountName')} />
          <TextField label="Account number" inputMode="numeric" {...form.text('bank.accountNumber')} />
          <TextareaField
            label="Branch, IBAN, SWIFT …"
            helper="One per line, as your bank words them (at most 4)"
            rows={3}
            {...form.text('bank.other')}
          />
        </SimpleGrid>
      </Box>
      {(['billingAddress', 'siteAddress'] as const).map((a) => (
        <Box key={a}>
          <Heading as="h3" size="sm" mb="2">
            {a === 'billingAddress' ? 'Billing address' : 'Site address'}
          </Heading>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            {ADDRESS_FIELDS.map(([k, l]) => (
              <TextField
                key={k}
                label={`${a === 'billingAddress' ? 'Billing' : 'Site'} ${l.toLowerCase()}`}
                {...form.text(`${a}.${k}`)}
              />
            ))}
          </SimpleGrid>
        </Box>
      ))}
      <Heading as="h3" size="sm">
        Contacts
      </Heading>
      {contacts.map((_, i) => (
        <Flex key={i} gap="2" align="end" wrap="wrap">
          <TextField label={`Contact ${i + 1} name`} {...form.text(`contacts.${i}.name`)} />
          <TextField label={`Contact ${i + 1} role`} {...form.text(`contacts.${i}.role`)} />
          <TextField label={`Contact ${i + 1} e-mail`} type="email" {...form.text(`contacts.${i}.email`)} />
          <TextField label={`Contact ${i + 1} phone`} type="tel" {...form.text(`contacts.${i}.phone`)} />
          <IconButton
            size="sm"
            variant="ghost"
            aria-label={`Remove contact ${i + 1}`}
            onClick={() =>
              form.set(
                'contacts',
                contacts.filter((_, j) => j !== i),
              )
            }
          >
            <LuTrash2 aria-hidden />
          </IconButton>
        </Flex>
      ))}
      <Box>
        <Button
          size="sm"
          variant="outline"
          disabled={contacts.length >= 20}
          onClick={() => form.set('contacts', [...contacts, { name: '', role: '', email: '', phone: '' }])}
        >
          <LuPlus aria-hidden /> Add contact
        </Button>
      </Box>
    </FormShell>
  );
}
