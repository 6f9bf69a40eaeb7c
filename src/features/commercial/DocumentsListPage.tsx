import { Badge, Box, Button, Field, HStack, Input, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useRoles } from '@/app/access';
import { TextField } from '@/app/ui/Fields';
import { FormShell } from '@/app/ui/form/FormShell';
import { CheckboxGroupField, SwitchField, TagsField, TextareaField } from '@/app/ui/form/fields';
import { recordTitle, useRecordForm, type RecordFormProps } from '@/app/ui/form/useRecordForm';
import { specColumns, type ListColumn } from '@/app/ui/list/columns';
import { Loading, LoadError } from '@/app/ui/QueryState';
import { ResourceScreen } from '@/app/ui/ResourceScreen';
import {
  COMMERCIAL_COLUMNS,
  COMMERCIAL_RESOURCES,
  DOC_ROLE_CODES,
  DOCUMENT_MAX_BYTES,
  DocumentCreate,
  DocumentUpdate,
  EXPIRY_LABELS,
  EXPIRY_STATES,
  type DocumentRow,
} from '@/contract/commercial';
import { saveFile } from '@/lib/resource';
import { clients, documentFiles } from './clients';

const ACCEPT = '.pdf,.png,.jpg,.jpeg,.gif,.webp,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp';

const draft = (d: DocumentRow | null) => ({
  title: d?.title ?? '',
  category: d?.category ?? '',
  tags: d?.tags ?? [],
  expiresOn: d?.expiresOn ?? '',
  description: d?.description ?? '',
  staffVisible: d?.staffVisible ?? false,
  system: d?.system ?? false,
  systemRoles: d?.systemRoles ?? [],
});
type Draft = ReturnType<typeof draft>;
const toBody = (d: Draft) => ({ ...d, expiresOn: d.expiresOn || null, systemRoles: d.system ? d.systemRoles : [] });
const label = (d: DocumentRow) => d.title;
/** The update body says nothing the record does not already say. */
const sameRecord = (body: unknown, row: DocumentRow) =>
  JSON.stringify(body) === JSON.stringify({ ...toBody(draft(row)), version: row.version });
const kb = (n: number) => (n < 1024 * 1024 ? `${Math.ceil(n / 1024)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`);

/** The record form plus the file: the record is saved first, then the chosen file becomes its next version. */
function DocumentForm({ row, close }: RecordFormProps<DocumentRow>) {
  const boss = useRoles().includes('ThebigBoss');
  const file = useRef<File | null>(null);
  const [fileError, setFileError] = useState<string>();
  const withFile = async (saved: DocumentRow) => (file.current ? documentFiles.upload(saved.id, file.current) : saved);
  const form = useRecordForm({
    row,
    close,
    client: {
      create: async (body) => withFile(await clients.documents.create(body)),
      update: async (id, body) =>
        // Only a new file chosen: it becomes the next version as it is, without an empty record update first.
        file.current && row && sameRecord(body, row)
          ? documentFiles.upload(id, file.current)
          : withFile(await clients.documents.update(id, body)),
    },
    noun: 'document',
    label,
    draft,
    toBody,
    create: DocumentCreate,
    update: DocumentUpdate,
  });
  const v = form.values;
  return (
    <FormShell form={form} title={recordTitle('document', row, label)} onClose={() => close()}>
      <TextField label="Title" required {...form.text('title')} />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField label="Category" placeholder="Certificates, Safety data sheets…" {...form.text('category')} />
        <TextField
          label="Expiry date"
          type="date"
          helper="Flagged 30 days before, marked when passed."
          {...form.text('expiresOn')}
        />
      </SimpleGrid>
      <TagsField label="Tags" value={v.tags} onChange={(t) => form.set('tags', t)} max={20} />
      <TextareaField label="Description" rows={2} {...form.text('description')} />
      <Field.Root invalid={!!fileError}>
        <Field.Label>{row?.currentVersion ? `New version (now v${row.currentVersion})` : 'File'}</Field.Label>
        <Input
          type="file"
          accept={ACCEPT}
          p="1"
          onChange={(e) => {
            const f = e.target.files?.[0] ?? null;
            file.current = f && f.size <= DOCUMENT_MAX_BYTES ? f : null;
            setFileError(
              f && f.size > DOCUMENT_MAX_BYTES ? `At most ${DOCUMENT_MAX_BYTES / 1024 / 1024} MB` : undefined,
            );
          }}
        />
        <Field.HelperText>PDF, images or Office files; the server checks the content.</Field.HelperText>
        <Field.ErrorText>{fileError}</Field.ErrorText>
      </Field.Root>
      <SwitchField
        label="Show on Documents to everybody in the account"
        {...form.flag('staffVisible')}
        helper="Otherwise only admins and the customers it is shared with see it."
      />
      {boss && (
        <>
          <SwitchField label="System document (every account)" {...form.flag('system')} />
          {v.system && (
            <CheckboxGroupField
              legend="Roles that see it (none = everybody)"
              options={DOC_ROLE_CODES.map((c) => ({ value: c, label: c }))}
              value={v.systemRoles}
              onChange={(r) => form.set('systemRoles', r)}
            />
          )}
        </>
      )}
      {row?.currentVersion && <Versions id={row.id} />}
    </FormShell>
  );
}

function Versions({ id }: { id: string }) {
  const q = useQuery({
    queryKey: ['commercial', 'document-versions', id],
    queryFn: ({ signal }) => documentFiles.versions(id, signal),
  });
  return (
    <Box>
      <Text fontWeight="medium" mb="2">
        Versions
      </Text>
      {q.isPending ? (
        <Loading label="Loading versions" height="16" />
      ) : q.isError ? (
        <LoadError what="The versions" message={q.error.message} onRetry={() => void q.refetch()} />
      ) : (
        <Table.Root size="sm" aria-label="Versions">
          <Table.Body>
            {q.data.items.map((x) => (
              <Table.Row key={x.versionNo}>
                <Table.Cell>v{x.versionNo}</Table.Cell>
                <Table.Cell>{x.fileName}</Table.Cell>
                <Table.Cell>{kb(x.sizeBytes)}</Table.Cell>
                <Table.Cell>{new Date(x.uploadedAt).toLocaleString()}</Table.Cell>
                <Table.Cell>
                  <Button
                    size="xs"
                    variant="outline"
                    aria-label={`Download v${x.versionNo}`}
                    onClick={() => void documentFiles.file(id, x.versionNo).then(saveFile)}
                  >
                    Download
                  </Button>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </Box>
  );
}

const EXPIRY_TONE = { none: 'gray', valid: 'green', expiring: 'orange', expired: 'red' } as const;
const columns: ListColumn<DocumentRow>[] = specColumns(COMMERCIAL_COLUMNS.documents, {
  expiry: { cell: (r) => <Badge colorPalette={EXPIRY_TONE[r.expiry]}>{EXPIRY_LABELS[r.expiry]}</Badge> },
});

/** `/Documentlist` (admin): the account's documents, their files and versions (issue 16, ADR 043). */
export function DocumentsListPage() {
  return (
    <Stack gap="3">
      <HStack gap="3" wrap="wrap">
        <Button asChild size="sm" variant="outline">
          <Link to="/DocumenttoCustomer">Share with customers</Link>
        </Button>
        <Button asChild size="sm" variant="outline">
          <Link to="/DocumentCustomer">Documents per customer</Link>
        </Button>
      </HStack>
      <ResourceScreen
        client={clients.documents}
        info={COMMERCIAL_RESOURCES.documents}
        noun="document"
        plural="documents"
        columns={columns}
        filters={[
          {
            field: 'expiry',
            label: 'Expiry',
            options: EXPIRY_STATES.map((v) => ({ value: v, label: EXPIRY_LABELS[v] })),
          },
        ]}
        rowLabel={label}
        Form={DocumentForm}
        formSize="lg"
      />
    </Stack>
  );
}
