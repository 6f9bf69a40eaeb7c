import { Button, Fieldset, IconButton, SimpleGrid, Stack } from '@chakra-ui/react';
import { LuPlus, LuTrash2 } from 'react-icons/lu';
import { TextField } from '@/app/ui/Fields';

export interface ContactDraft {
  name: string;
  email: string;
  phone: string;
  role: string;
}
export const blankContact = (): ContactDraft => ({ name: '', email: '', phone: '', role: '' });
export const contactDrafts = (
  rows: readonly { name: string; email: string | null; phone: string | null; role: string | null }[],
) => rows.map((c) => ({ name: c.name, email: c.email ?? '', phone: c.phone ?? '', role: c.role ?? '' }));

interface Props {
  contacts: ContactDraft[];
  set: (path: string, value: unknown) => void;
  text: (path: string) => { value: string; onChange: (v: string) => void; onBlur: () => void; error?: string };
}

/** A customer's or site's contacts: name, e-mail, phone, role; the first with an e-mail gets quotations. */
export function ContactsEditor({ contacts, set, text }: Props) {
  return (
    <Fieldset.Root>
      <Fieldset.Legend>Contacts</Fieldset.Legend>
      <Fieldset.HelperText>Quotations go to the first contact with an e-mail address.</Fieldset.HelperText>
      <Stack gap="3" mt="2">
        {contacts.map((_, i) => (
          <SimpleGrid key={i} columns={{ base: 1, sm: 2 }} gap="2" borderWidth="1px" borderRadius="md" p="2">
            <TextField label={`Contact ${i + 1} name`} {...text(`contacts.${i}.name`)} />
            <TextField label={`Contact ${i + 1} e-mail`} type="email" {...text(`contacts.${i}.email`)} />
            <TextField label={`Contact ${i + 1} phone`} type="tel" {...text(`contacts.${i}.phone`)} />
            <TextField label={`Contact ${i + 1} role`} {...text(`contacts.${i}.role`)} />
            <IconButton
              size="xs"
              variant="ghost"
              colorPalette="red"
              aria-label={`Remove contact ${i + 1}`}
              onClick={() =>
                set(
                  'contacts',
                  contacts.filter((__, j) => j !== i),
                )
              }
            >
              <LuTrash2 aria-hidden />
            </IconButton>
          </SimpleGrid>
        ))}
        <Button
          size="sm"
          variant="outline"
          alignSelf="start"
          onClick={() => set('contacts', [...contacts, blankContact()])}
        >
          <LuPlus aria-hidden /> Add contact
        </Button>
      </Stack>
    </Fieldset.Root>
  );
}

/** Blank optional fields as null, as the contract expects. */
export const contactBodies = (contacts: ContactDraft[]) =>
  contacts.map((c) => ({ name: c.name, email: c.email || null, phone: c.phone || null, role: c.role || null }));
