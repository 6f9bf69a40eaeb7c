import { Text } from '@chakra-ui/react';
import { useRoles } from '@/app/access';
import { FormShell } from '@/app/ui/form/FormShell';
import { CheckboxGroupField } from '@/app/ui/form/fields';
import { useResourceForm } from '@/app/ui/form/useResourceForm';
import { PasswordField, TextField } from '@/app/ui/Fields';
import { refreshAll } from '@/app/ui/list/useList';
import type { RoleCode } from '@/contract/access';
import { grantableRoles } from '@/contract/admin-roles';
import { CreateUserBody, InviteBody, RolesBody, type AccountUser } from '@/contract/admin';
import { ROLE_INFO, ROLE_ORDER } from '@/contract/role-names';
import { usersApi } from './client';

type Form = ReturnType<typeof useResourceForm<{ roles: string[] }, string>>;

/**
 * The roles the signed-in admin may give, plus any the member already holds (they may stay): by name,
 * each with a line on what it opens (ADR 078), the levels apart from the modules and extras.
 */
export function RolesField({ form, held = [] }: { form: Pick<Form, 'get' | 'set' | 'error'>; held?: string[] }) {
  const mine = useRoles();
  const offered = new Set<string>([...grantableRoles(mine), ...held]);
  const value = (form.get('roles') as string[]) ?? [];
  const pick = (level: boolean) =>
    ROLE_ORDER.filter((r) => offered.has(r) && (ROLE_INFO[r].group === 'level') === level);
  const [levels, others] = [pick(true), pick(false)];
  const option = (r: RoleCode) => ({ value: r, label: ROLE_INFO[r].name, description: ROLE_INFO[r].explains });
  const group = (part: readonly string[]) => ({
    options: part.map((r) => option(r as RoleCode)),
    value: value.filter((r) => part.includes(r)),
    onChange: (v: string[]) => form.set('roles', [...value.filter((r) => !part.includes(r)), ...v]),
    columns: { base: 1, md: 2 },
  });
  return (
    <>
      <CheckboxGroupField legend="Level" helper="Choose one: what the user may open." {...group(levels)} />
      <CheckboxGroupField
        legend="Modules and extras"
        helper="A level needs FAMS and/or FAMS24. Tank monitoring and Viewer may also be given on their own."
        {...group(others)}
        error={form.error('roles')}
      />
    </>
  );
}

const done = (close: (saved?: boolean) => void) => () => {
  void refreshAll();
  close(true);
};

/** Invite by e-mail (a 72 h link to answer, ADR 073) or create with a temporary password. */
export function NewUserForm({ mode, close }: { mode: 'invite' | 'create'; close: (saved?: boolean) => void }) {
  const invite = mode === 'invite';
  const form = useResourceForm({
    initial: { displayName: '', email: '', username: '', password: '', roles: ['basic', 'FAMS'] as string[] },
    toBody: (d) =>
      invite
        ? {
            displayName: d.displayName,
            email: d.email,
            roles: d.roles,
            ...(d.username ? { username: d.username } : {}),
          }
        : d,
    schema: invite ? InviteBody : CreateUserBody,
    save: async (body) => (await (invite ? usersApi.invite(body) : usersApi.create(body))).message,
    onSaved: done(close),
    savedMessage: (m) => m,
  });
  return (
    <FormShell
      form={form}
      title={invite ? 'Invite a user' : 'Create a user'}
      onClose={() => close()}
      submitLabel={invite ? 'Send invitation' : 'Create user'}
    >
      <Text>
        {invite
          ? 'They get an e-mail with a link, valid 72 hours, to answer: someone new chooses a password, someone who signs in to FAMS already accepts or declines. They join the account when they answer.'
          : 'Give them the temporary password yourself; they can change it after signing in.'}
      </Text>
      <TextField label="Name" required {...form.text('displayName')} />
      <TextField label="E-mail" type="email" required {...form.text('email')} />
      <TextField
        label="Username"
        required={!invite}
        helper={invite ? 'Optional: the e-mail address signs in too.' : undefined}
        {...form.text('username')}
      />
      {!invite && <PasswordField label="Temporary password" required {...form.text('password')} />}
      <RolesField form={form} />
    </FormShell>
  );
}

/** Edit one member's roles. */
export function RolesForm({ user, close }: { user: AccountUser; close: (saved?: boolean) => void }) {
  const form = useResourceForm({
    initial: { roles: user.roles },
    toBody: (d) => d,
    schema: RolesBody,
    save: async (body) => (await usersApi.setRoles(user.id, (body as { roles: string[] }).roles)).message,
    onSaved: done(close),
    savedMessage: (m) => m,
  });
  return (
    <FormShell form={form} title={`Roles of ${user.displayName}`} onClose={() => close()} submitLabel="Save roles">
      <RolesField form={form} held={user.roles} />
    </FormShell>
  );
}
