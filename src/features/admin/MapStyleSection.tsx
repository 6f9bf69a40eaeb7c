import { Box, Button, Code, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LuMap } from 'react-icons/lu';
import { TextField } from '@/app/ui/Fields';
import { FormDrawer, FormShell } from '@/app/ui/form/FormShell';
import { useResourceForm } from '@/app/ui/form/useResourceForm';
import { LoadError, Loading } from '@/app/ui/QueryState';
import { Section } from '@/app/ui/Section';
import { MapStyleBody, type MapStyleSetting } from '@/contract/account-card';
import { accountCardApi } from './client';

const KEY = ['admin', 'account-card', 'map-style'] as const;

const fallbackText = (s: MapStyleSetting) =>
  s.serverDefault
    ? `the server’s map (${s.serverDefault})`
    : 'the built-in world map (countries and coasts, no streets)';

/**
 * `/AccountCard`'s map (ADR 051): the style the account's maps use (the GPS map, `/StoreLocator`),
 * its own or the server's default, and a form to set it. Only hosts the server allows are taken.
 */
export function MapStyleSection() {
  const q = useQuery({ queryKey: KEY, queryFn: ({ signal }) => accountCardApi.mapStyle(signal) });
  const [editing, setEditing] = useState(false);
  const s = q.data;
  return (
    <Section
      title="Map"
      action={
        s && (
          <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
            <LuMap aria-hidden /> Change map
          </Button>
        )
      }
    >
      {q.error ? (
        <LoadError what="The map setting" message={q.error.message} onRetry={() => void q.refetch()} />
      ) : !s ? (
        <Loading label="Loading the map setting" height="10" />
      ) : (
        <Text data-testid="map-style-summary">
          {s.styleUrl ? (
            <>
              The GPS map and the store locator use this account’s style <Code>{s.styleUrl}</Code>.
            </>
          ) : (
            <>The GPS map and the store locator use {fallbackText(s)}.</>
          )}
        </Text>
      )}
      <FormDrawer open={editing} onClose={() => setEditing(false)}>
        {editing && s && <MapStyleForm setting={s} close={() => setEditing(false)} />}
      </FormDrawer>
    </Section>
  );
}

function MapStyleForm({ setting, close }: { setting: MapStyleSetting; close: () => void }) {
  const client = useQueryClient();
  const form = useResourceForm<{ styleUrl: string }, MapStyleSetting>({
    initial: { styleUrl: setting.styleUrl ?? '' },
    toBody: (d) => ({ styleUrl: d.styleUrl.trim() }),
    schema: MapStyleBody,
    save: accountCardApi.saveMapStyle,
    onSaved: (saved) => {
      client.setQueryData(KEY, saved);
      close();
    },
    savedMessage: (saved) =>
      saved.styleUrl ? 'Map style saved: maps opened from now on use it.' : 'The account uses the default map again.',
  });
  return (
    <FormShell form={form} title="Map style" onClose={close}>
      <Stack gap="3">
        <TextField
          label="Map style URL"
          helper={`A MapLibre style JSON. Empty: ${fallbackText(setting)}.`}
          placeholder="https://…/style.json"
          {...form.text('styleUrl')}
        />
        <Box fontSize="sm" color="fg.muted">
          {setting.allowedOrigins.length ? (
            <Text>
              This server loads maps from {setting.allowedOrigins.join(', ')}. Ask the operator to add another host
              (MAP_TILE_ORIGINS).
            </Text>
          ) : (
            <Text>This server allows no map host yet: the operator lists them in MAP_TILE_ORIGINS.</Text>
          )}
        </Box>
      </Stack>
    </FormShell>
  );
}
