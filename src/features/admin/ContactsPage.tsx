import { IconButton } from '@chakra-ui/react';
import { useState } from 'react';
import { LuPencil } from 'react-icons/lu';
import { FormShell, FormDrawer } from '@/app/ui/form/FormShell';
import { CheckboxGroupField } from '@/app/ui/form/fields';
import { useResourceForm } from '@/app/ui/form/useResourceForm';
import { TextField } from '@/app/ui/Fields';
import { specColumns, type ListColumn } from '@/app/ui/list/columns';
import { ListView } from '@/app/ui/list/ListView';
import { refreshAll } from '@/app/ui/list/useList';
import { ContactBody, USER_CONTACT_COLUMNS, USER_CONTACTS_LIST, type UserContact } from '@/contract/admin';
import { storeOptions } from '@/lib/reference/labels';
import { useReference } from '@/lib/reference/query';
import { adminClients, usersApi } from './client';

const columns: ListColumn<UserContact>[] = specColumns(USER_CONTACT_COLUMNS);

function ContactForm({ user, close }: { user: UserContact; close: () => void }) {
  const { data: ref } = useReference();
  const form = useResourceForm({
    initial: {
      phone: user.phone,
      jobTitle: user.jobTitle,
      emergencyContact: user.emergencyContact,
      storeIds: user.storeIds,
    },
    toBody: (d) => d,
    schema: ContactBody,
    save: async (body) => (await usersApi.setContact(user.id, body as ContactBody)).message,
    onSaved: () => {
      void refreshAll();
      close();
    },
    savedMessage: (m) => m,
  });
  return (
    <FormShell form={form} title={`Contact details of ${user.displayName}`} onClose={close}>
      <TextField label="Phone" type="tel" {...form.text('phone')} />
      <TextField label="Job title" {...form.text('jobTitle')} />
      <TextField label="Emergency contact" helper="Name and phone of who to call." {...form.text('emergencyContact')} />
      <CheckboxGroupField
        legend="Stores they work at"
        options={storeOptions(ref)}
        value={form.get('storeIds') as string[]}
        onChange={(v) => form.set('storeIds', v)}
        error={form.error('storeIds')}
      />
    </FormShell>
  );
}

/** `/UserContactInformation`: the call list for incidents and call-outs, exported from the shared list. */
export function ContactsPage() {
  const [editing, setEditing] = useState<UserContact | null>(null);
  return (
    <>
      <ListView
        client={adminClients.contacts}
        info={USER_CONTACTS_LIST}
        noun="contact"
        plural="contacts"
        columns={columns}
        rowLabel={(c) => c.displayName}
        canWrite={false}
        deletable={false}
        extraActions={(c) => (
          <IconButton
            size="xs"
            variant="ghost"
            aria-label={`Edit contact of ${c.displayName}`}
            onClick={() => setEditing(c)}
          >
            <LuPencil aria-hidden />
          </IconButton>
        )}
      />
      <FormDrawer open={!!editing} onClose={() => setEditing(null)}>
        {editing && <ContactForm key={editing.id} user={editing} close={() => setEditing(null)} />}
      </FormDrawer>
    </>
  );
}
